// Rows of people, each with its buttons, under the names the Staff and Erasure requests pages use.
export {
  personActions as actions,
  personList as list,
  personName as nameLine,
  personRow as item,
  personWho as who,
} from './list.css';
