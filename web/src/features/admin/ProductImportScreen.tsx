import { useState } from 'react';
import { FaFileCsv } from 'react-icons/fa';
import Message from '../../components/Message';
import PageTitle from '../../components/PageTitle';
import { errorMessage } from '../../lib/errors';
import { PRODUCTS_CSV_HREF, refusedReport, useImportProductsMutation, type ImportReport } from './productImportApi';

const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

const ACTION_LABEL = { create: 'New', update: 'Changed', unchanged: 'Unchanged' } as const;

function Report({ report }: { report: ImportReport }) {
  return (
    <>
      {report.problems.length > 0 && (
        <>
          <h2 className="h5">Problems</h2>
          <table className="table table-sm" data-testid="import-problems">
            <thead>
              <tr>
                <th>Row</th>
                <th>Column</th>
                <th>Problem</th>
              </tr>
            </thead>
            <tbody>
              {report.problems.map((p, i) => (
                <tr key={i} className="table-danger">
                  <td>{p.row}</td>
                  <td>{p.column ?? ''}</td>
                  <td>{p.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {report.products.length > 0 && (
        <>
          <h2 className="h5">{report.applied ? 'Imported' : 'What the import would do'}</h2>
          <table className="table table-sm" data-testid="import-products">
            <thead>
              <tr>
                <th>Row</th>
                <th>Product</th>
                <th>Action</th>
                <th>Changes</th>
              </tr>
            </thead>
            <tbody>
              {report.products.map((p) => (
                <tr key={p.row}>
                  <td>{p.row}</td>
                  <td>{p.name}</td>
                  <td>{ACTION_LABEL[p.action]}</td>
                  <td className="small">
                    {p.action === 'update'
                      ? Object.keys(p.after).map((k) => (
                          <div key={k}>
                            <strong>{k}</strong>: {show(p.before[k])} → {show(p.after[k])}
                          </div>
                        ))
                      : p.action === 'create'
                        ? `${show(p.after.price)} rupees, stock ${show(p.after.stock)}`
                        : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </>
  );
}

/** /admin/productimport: check a catalogue CSV (a dry run), then import it whole; or export the catalogue. */
export default function ProductImportScreen() {
  const [csv, setCsv] = useState<{ name: string; text: string } | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [failure, setFailure] = useState('');
  const [send, { isLoading }] = useImportProductsMutation();

  const run = async (dryRun: boolean) => {
    if (!csv) return;
    setFailure('');
    try {
      setReport(await send({ csv: csv.text, dryRun }).unwrap());
    } catch (err) {
      const refused = refusedReport(err);
      setReport(refused ?? null);
      setFailure(errorMessage(err));
    }
  };

  const canApply = report?.dryRun === true && report.problems.length === 0 && report.products.length > 0;
  return (
    <>
      <PageTitle title="Import products" />
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="page-heading mb-0">Import products</h1>
        <a className="btn btn-outline-secondary btn-sm" href={PRODUCTS_CSV_HREF} download>
          <FaFileCsv aria-hidden /> Export catalogue
        </a>
      </div>
      <p>
        One row per size, with the columns <code>name, description, price, tags, colour, size, stock, image</code> and, if you
        like, <code>hsn, mrp, swatch, size&nbsp;chart</code> (the export has them all). A product's rows share its name; an existing
        product of that name is updated, and keeps its HSN code, MRP, swatches and size chart where the file has no such column or
        leaves the HSN or swatch empty. First check the file: nothing changes until you import it, and then all of it changes or
        none.
      </p>
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
        <div>
          <label htmlFor="import-file" className="form-label">
            CSV file
          </label>
          <input
            id="import-file"
            type="file"
            accept=".csv,text/csv"
            className="form-control"
            onChange={async (e) => {
              const file = e.target.files?.[0];
              setReport(null);
              setFailure('');
              setCsv(file ? { name: file.name, text: await file.text() } : null);
            }}
          />
        </div>
        <button type="button" className="btn btn-primary" disabled={!csv || isLoading} onClick={() => run(true)}>
          Check
        </button>
        <button type="button" className="btn btn-success" disabled={!canApply || isLoading} onClick={() => run(false)}>
          Import
        </button>
      </div>
      {failure && <Message variant="danger">{failure}</Message>}
      {report?.applied && <Message variant="success">Imported {report.products.length} products.</Message>}
      {report?.dryRun && report.problems.length === 0 && (
        <Message variant="info">No problems found in {csv?.name}: check what would change, then import.</Message>
      )}
      {report?.dryRun && report.problems.length > 0 && (
        <Message variant="warning">
          {report.problems.length} {report.problems.length === 1 ? 'row has a problem' : 'rows have problems'}: fix the file and check it again.
        </Message>
      )}
      {report && <Report report={report} />}
    </>
  );
}
