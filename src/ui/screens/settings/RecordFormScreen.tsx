/**
 * A form that changes one of the server's records (a notification) and shows the record as the server answered it: the one frame those edit screens share.
 */
import { FormScreen } from '../../components/FormScreen.js';
import { DetailView, flatten, layoutDetail } from '../../components/DetailView.js';
import type { useForm } from '../../forms/useForm.js';
import type { Secret } from '../../components/MutationFrame.js';
import { useServices } from '../../services.js';

interface RecordFormScreenProps {
  form: ReturnType<typeof useForm>;
  screenKey: number;
  width: number;
  height: number;
  title: string;
  /** What to do when the outcome is unknown (nothing is resent). */
  unknownNext?: string;
  /** A secret typed in the form (masked wherever a failure's words would carry it). */
  secret?: Secret;
}

export function RecordFormScreen({ form, screenKey, width, height, title, unknownNext, secret }: RecordFormScreenProps) {
  const { now } = useServices();
  const lines = (value: unknown) => layoutDetail(flatten(value, now()), width);
  return (
    <FormScreen
      form={form}
      screenKey={screenKey}
      width={width}
      height={height}
      title={title}
      {...(secret !== undefined ? { secret } : {})}
      {...(unknownNext !== undefined ? { unknownNext } : {})}
      result={(value, scroll, rows) => <DetailView lines={lines(value)} scroll={scroll} height={rows} />}
      resultRows={(value) => lines(value).length}
    />
  );
}
