// The deliveries page (issue 22): a rider's run sheet on their phone, or, for an account the
// contract lets follow the whole run (the owner, a manager), the run's progress, the riders' cash
// and the routes. Which one is the contract's x-roles (mayCall), not a list of user types here.
import { useSession } from '@web/session/SessionProvider';
import { OwnerDeliveries } from './OwnerDeliveries';
import { RiderDeliveries } from './RiderDeliveries';

export function DeliveriesPage() {
  const { mayCall } = useSession();
  return mayCall('ownerDeliveryProgress') ? <OwnerDeliveries /> : <RiderDeliveries />;
}
