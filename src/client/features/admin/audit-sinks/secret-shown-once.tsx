import { ShownOnce } from '@/components/copy-field';
import type { SinkWithSecret } from './sink-actions';

/** What the administrator reads under a sink's secret: it is never shown again. */
export const SECRET_SHOWN_ONCE =
  'You will not see this secret again. Copy it now into the receiver’s configuration; if it is lost, rotate it.';

/** Under a simulated secret. */
const DEMO_SECRET_NOTE =
  'Demo: this secret signs nothing. In production mode it signs every delivery.';

/** A sink's signing secret, shown once after it is made (docs/operations.md#audit-delivery-to-sinks). */
export function SecretShownOnce({
  sink,
  demo,
  onDone,
}: {
  sink: SinkWithSecret;
  demo: boolean;
  onDone: () => void;
}) {
  return (
    <ShownOnce
      label="Signing secret"
      value={sink.secret}
      what="Secret"
      note={demo ? DEMO_SECRET_NOTE : SECRET_SHOWN_ONCE}
      onDone={onDone}
    >
      <p className="text-sm text-slate-600">
        The receiver checks each delivery’s X-Audit-Signature header with it: an HMAC-SHA-256 of the
        timestamp and the body.
      </p>
    </ShownOnce>
  );
}
