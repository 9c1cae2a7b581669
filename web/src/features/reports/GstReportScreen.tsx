import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { FaDownload } from 'react-icons/fa';
import PageTitle from '../../components/PageTitle';

/** The month before now in India, as YYYY-MM: the month an accountant files. */
export function lastMonth(now: Date = new Date()): string {
  const india = new Date(now.getTime() + 330 * 60 * 1000);
  const y = india.getUTCFullYear();
  const m = india.getUTCMonth(); // 0-based: this month's index is last month's number
  return m === 0 ? `${y - 1}-12` : `${y}-${String(m).padStart(2, '0')}`;
}

/** Admin reports: the month's GST summary as CSV for the accountant. */
export default function GstReportScreen() {
  const [month, setMonth] = useState(lastMonth);
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  return (
    <>
      <PageTitle title="Reports" />
      <h1 className="mb-4">Reports</h1>
      <Row>
        <Col lg={6}>
          <Card className="shadow-sm">
            <Card.Body>
              <h2 className="h5">Monthly GST summary</h2>
              <p className="text-body-secondary small">
                Taxable value, IGST, CGST and SGST by rate and place of supply, then by HSN code, with credit notes
                subtracted: the figures for GSTR-1 and GSTR-3B.
              </p>
              <Form.Group className="mb-3" controlId="gst-month">
                <Form.Label>Month</Form.Label>
                <Form.Control type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
              </Form.Group>
              {valid ? (
                <a className="btn btn-primary" href={`/api/reports/gst?month=${month}`} download>
                  <FaDownload aria-hidden="true" className="me-2" />
                  Download GST CSV
                </a>
              ) : (
                <Form.Text className="d-block text-danger">Choose a month to download.</Form.Text>
              )}
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </>
  );
}
