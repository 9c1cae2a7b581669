import type { FormEvent, ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { toast } from 'react-toastify';
import { errorMessage } from '../../lib/errors';
import { useSaveSettingsMutation, type StoreSettings } from './settingsApi';

export const SETTINGS_SAVED = 'Settings saved.';

interface Props {
  title: string;
  /** The part of the settings this section saves, as the form holds it now. */
  changes: () => Partial<StoreSettings>;
  children: ReactNode;
}

/** One part of the Store Settings screen: a card with its own form and Save button. */
export default function SettingsSection({ title, changes, children }: Props) {
  const [save, { isLoading }] = useSaveSettingsMutation();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await save(changes()).unwrap();
      toast.success(SETTINGS_SAVED);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <Card className="shadow-sm mb-4">
      <Card.Body>
        <h2 className="h5">{title}</h2>
        <Form noValidate onSubmit={submit}>
          {children}
          <Button type="submit" disabled={isLoading}>
            {isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            Save {title}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
