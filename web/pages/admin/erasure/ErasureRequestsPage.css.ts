// The Erasure requests page: rows of people, as the Staff page lists its members.
export {
  personActions as actions,
  personList as list,
  personName as nameLine,
  personRow as item,
  personWho as who,
} from '@web/styles/list.css';
