import { Button } from './Button';

/** The buttons under an inline form: submit ('Saving...' while it runs) and Cancel, both held while saving. */
export function SaveCancelButtons({
  busy,
  saveText,
  onCancel,
}: {
  busy: boolean;
  saveText: string;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" loading={busy}>
        {busy ? 'Saving...' : saveText}
      </Button>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
    </div>
  );
}
