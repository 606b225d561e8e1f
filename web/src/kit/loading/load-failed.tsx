import { Button } from '../ui/button.tsx';
import { NoticeBox } from '../ui/notice-box.ts';

/** A read that failed: said at once (an alert), with a button that reads again. */
export function LoadFailed({
  message,
  retryLabel,
  onRetry,
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <NoticeBox $tone="error" role="alert">
      <p>{message}</p>
      <p>
        <Button variant="secondary" size="small" onPress={onRetry}>
          {retryLabel}
        </Button>
      </p>
    </NoticeBox>
  );
}
