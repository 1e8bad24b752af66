import type { UseFormRegister } from 'react-hook-form';
import { DeliveryLocationField } from '@/components/requests/RequestFields';
import { Chip } from '@/components/ui/Chip';
import type { RequestFormValues } from './request-form';

/** Where to deliver, with the places of the student's recent requests one tap away. */
export function LocationField({
  register,
  error,
  value,
  recent,
  onRecent,
}: {
  register: UseFormRegister<RequestFormValues>;
  error: string | undefined;
  value: string;
  recent: string[];
  onRecent: (place: string) => void;
}) {
  return (
    <div className="space-y-2">
      <DeliveryLocationField error={error} {...register('deliveryLocation')} />
      {recent.length > 0 && (
        <ul aria-label="Recent places" className="flex flex-wrap gap-2">
          {recent.map((place) => (
            <li key={place}>
              <Chip pressed={value === place} onClick={() => onRecent(place)}>
                {place}
              </Chip>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
