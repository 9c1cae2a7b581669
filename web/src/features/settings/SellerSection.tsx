import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { DISTRICTS } from '../../lib/districts';
import SettingsSection from './SettingsSection';
import type { Seller, StoreSettings } from './settingsApi';

const STATE_NAMES = Object.keys(DISTRICTS).sort();

export const NO_GSTIN = 'Without a GSTIN the shop issues no tax invoices. Enter it to invoice every sale.';

const fields: { key: keyof Seller; label: string; help?: string; maxLength: number }[] = [
  { key: 'legalName', label: 'Legal name', maxLength: 100 },
  { key: 'tradeName', label: 'Trade name', maxLength: 100 },
  { key: 'gstin', label: 'GSTIN', help: '15 characters, starting with the state code.', maxLength: 15 },
  { key: 'invoicePrefix', label: 'Invoice prefix', help: 'Up to 4 letters or digits, e.g. HT for HT/2627/000123.', maxLength: 4 },
];

/** The seller's details printed on every tax invoice. */
export default function SellerSection({ settings }: { settings: StoreSettings }) {
  const [seller, setSeller] = useState<Seller>(settings.seller);
  const set = (key: keyof Seller, value: string) => setSeller((s) => ({ ...s, [key]: value }));
  return (
    <SettingsSection title="Seller details" changes={() => ({ seller })}>
      {!settings.seller.gstin && <Alert variant="warning">{NO_GSTIN}</Alert>}
      <Row>
        {fields.map((f) => (
          <Col md={6} key={f.key}>
            <Form.Group className="mb-3" controlId={`seller-${f.key}`}>
              <Form.Label>{f.label}</Form.Label>
              <Form.Control
                value={seller[f.key]}
                maxLength={f.maxLength}
                onChange={(e) => set(f.key, f.key === 'gstin' || f.key === 'invoicePrefix' ? e.target.value.toUpperCase() : e.target.value)}
              />
              {f.help && <Form.Text className="text-body-secondary">{f.help}</Form.Text>}
            </Form.Group>
          </Col>
        ))}
      </Row>
      <Form.Group className="mb-3" controlId="seller-address">
        <Form.Label>Registered address</Form.Label>
        <Form.Control as="textarea" rows={2} maxLength={300} value={seller.address} onChange={(e) => set('address', e.target.value)} />
      </Form.Group>
      <Form.Group className="mb-3" controlId="seller-state">
        <Form.Label>State of registration</Form.Label>
        <Form.Select value={seller.state} onChange={(e) => set('state', e.target.value)}>
          <option value="">Choose…</option>
          {STATE_NAMES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </Form.Select>
      </Form.Group>
    </SettingsSection>
  );
}
