import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Link } from '../../components/Link';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import type { FormControlProps } from 'react-bootstrap/FormControl';
import Row from 'react-bootstrap/Row';
import { FaArrowLeft, FaSave } from 'react-icons/fa';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { toast } from 'react-toastify';
import Loader from '../../components/Loader';
import Message from '../../components/Message';
import { errorMessage } from '../../lib/errors';
import { LIMITS } from '../../lib/limits';
import { mrpProblem, parseTags, positivePrice, tagsProblem } from '../../lib/validation';
import type { Product } from '../catalog';
import PageTitle from '../../components/PageTitle';
import { useDeleteUploadMutation, useGetAdminProductQuery, useUpdateProductMutation } from './adminProductsApi';
import { draftFromProduct, updateFromDraft, uploadedFileName, type ProductDraft, type VariantDraft } from './productForm';
import VariantsEditor from './VariantsEditor';

/**
 * The form for one product as loaded. A save refused because the stock moved since (409) goes to
 * onStale, which reloads the product: the form must never write back stock it did not see. The
 * reason comes back as notice, shown beside Update, where the admin who pressed it is looking.
 */
function ProductEditForm({
  product,
  notice,
  onStale,
}: {
  product: Product;
  notice: string;
  onStale: (message: string) => void;
}) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<ProductDraft>(() => draftFromProduct(product));
  const [error, setError] = useState('');
  const [uploading, setUploading] = useState(false);
  const [updateProduct, { isLoading: saving }] = useUpdateProductMutation();
  const [deleteUpload] = useDeleteUploadMutation();

  // Uploaded pictures the saved product uses: their files go only once the change is saved.
  const savedImages = useMemo(() => new Set(product.variants.flatMap((v) => v.images)), [product]);
  const removedSaved = useRef(new Set<string>());

  const deleteFile = useCallback(
    (fileName: string) => {
      deleteUpload(fileName)
        .unwrap()
        .catch((err: unknown) => console.warn(`Could not delete ${fileName}:`, errorMessage(err)));
    },
    [deleteUpload],
  );

  const onImageRemoved = useCallback(
    (url: string) => {
      const fileName = uploadedFileName(url);
      // Demo pictures and other paths are only dropped from the variant.
      if (!fileName) return;
      if (savedImages.has(url)) removedSaved.current.add(url);
      else deleteFile(fileName); // uploaded in this edit and never saved
    },
    [savedImages, deleteFile],
  );

  const setVariants = useCallback(
    (change: (variants: VariantDraft[]) => VariantDraft[]) => setDraft((d) => ({ ...d, variants: change(d.variants) })),
    [],
  );

  const tagsRefused = tagsProblem(draft.tags);
  const mrpRefused = mrpProblem(draft.price, draft.mrp);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError('');
    if (tagsRefused) return setError(tagsRefused);
    if (mrpRefused) return setError(mrpRefused);
    try {
      const saved = await updateProduct(updateFromDraft(product._id, draft)).unwrap();
      const inUse = new Set(saved.variants.flatMap((v) => v.images));
      removedSaved.current.forEach((url) => {
        const fileName = uploadedFileName(url);
        if (fileName && !inUse.has(url)) deleteFile(fileName);
      });
      removedSaved.current.clear();
      toast.success('Product updated');
      navigate('/admin/productlist');
    } catch (err) {
      if ((err as FetchBaseQueryError)?.status === 409) onStale(errorMessage(err));
      else setError(errorMessage(err));
    }
  };

  const tags = parseTags(draft.tags);

  return (
    <Form onSubmit={submit} noValidate aria-label="Edit product">
      <Row className="g-4">
        <Col lg={5}>
          <Form.Group className="mb-3" controlId="product-name">
            <Form.Label>Name</Form.Label>
            <Form.Control
              value={draft.name}
              maxLength={LIMITS.productName}
              placeholder="e.g. Cricket Club Polo"
              onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
            />
          </Form.Group>
          <Form.Group className="mb-3" controlId="product-price">
            <Form.Label>Price (₹)</Form.Label>
            <RupeesControl value={draft.price} placeholder="e.g. 899" onChange={(price) => setDraft((d) => ({ ...d, price }))} />
          </Form.Group>
          <Form.Group className="mb-3" controlId="product-mrp">
            <Form.Label>MRP (₹, optional)</Form.Label>
            <RupeesControl
              value={draft.mrp}
              placeholder="e.g. 1299"
              isInvalid={mrpRefused !== null}
              aria-describedby="product-mrp-help"
              onChange={(mrp) => setDraft((d) => ({ ...d, mrp }))}
            />
            {mrpRefused === null ? (
              <Form.Text id="product-mrp-help" className="text-body-secondary">
                The price on the tag, shown struck through beside the price with the % off.
              </Form.Text>
            ) : (
              <Form.Control.Feedback id="product-mrp-help" type="invalid">
                {mrpRefused}
              </Form.Control.Feedback>
            )}
          </Form.Group>
          <Form.Group className="mb-3" controlId="product-hsn">
            <Form.Label>HSN code</Form.Label>
            <Form.Control
              inputMode="numeric"
              maxLength={8}
              value={draft.hsn}
              aria-describedby="product-hsn-help"
              onChange={(e) => setDraft((d) => ({ ...d, hsn: e.target.value.replace(/\D/g, '') }))}
            />
            <Form.Text id="product-hsn-help" className="text-body-secondary">
              Printed on the GST invoices: 6109 for knitted T-shirts, 6205 for shirts.
            </Form.Text>
          </Form.Group>
          <Form.Group className="mb-3" controlId="product-tags">
            <Form.Label>Tags</Form.Label>
            <Form.Control
              value={draft.tags}
              placeholder="e.g. men, polo, graphic_tee"
              isInvalid={tagsRefused !== null}
              aria-describedby="product-tags-help"
              onChange={(e) => setDraft((d) => ({ ...d, tags: e.target.value.toLowerCase() }))}
              autoComplete="off"
            />
            {tagsRefused === null ? (
              <Form.Text id="product-tags-help" className="text-body-secondary">
                Separate tags with commas; each tag is a category. Up to {LIMITS.tags} tags of {LIMITS.tag}{' '}
                characters.
                {tags.length > 0 && (
                  <span className="d-flex flex-wrap align-items-center gap-1 mt-1">
                    Saved as:
                    {tags.map((t) => (
                      <Badge key={t} bg="light" text="dark" className="border fw-normal">
                        {t}
                      </Badge>
                    ))}
                  </span>
                )}
              </Form.Text>
            ) : (
              <Form.Control.Feedback id="product-tags-help" type="invalid">
                {tagsRefused}
              </Form.Control.Feedback>
            )}
          </Form.Group>
          <Form.Group className="mb-3" controlId="product-description">
            <Form.Label>Description</Form.Label>
            <Form.Control
              as="textarea"
              rows={7}
              value={draft.description}
              maxLength={LIMITS.description}
              onChange={(e) => setDraft((d) => ({ ...d, description: e.target.value }))}
            />
          </Form.Group>
          <Form.Group className="mb-3" controlId="product-size-chart">
            <Form.Label>Size chart (optional)</Form.Label>
            <Form.Control
              as="textarea"
              rows={4}
              value={draft.sizeChart}
              maxLength={LIMITS.sizeChart}
              placeholder={'S: chest 38 in, length 27 in\nM: chest 40 in, length 28 in'}
              aria-describedby="product-size-chart-help"
              onChange={(e) => setDraft((d) => ({ ...d, sizeChart: e.target.value }))}
            />
            <Form.Text id="product-size-chart-help" className="text-body-secondary">
              A line a size. Left empty, the product page shows the shop's size chart (Store Settings).
            </Form.Text>
          </Form.Group>
        </Col>
        <Col lg={7}>
          <VariantsEditor
            variants={draft.variants}
            onChange={setVariants}
            onImageRemoved={onImageRemoved}
            onBusyChange={setUploading}
          />
        </Col>
      </Row>
      <div className="product-edit__actions mt-4 pt-3 border-top">
        {notice && <Message variant="warning">{notice}</Message>}
        {error && <Message variant="danger">{error}</Message>}
        <div className="d-flex flex-wrap align-items-center gap-3">
          <Button type="submit" variant="accent" size="lg" disabled={saving || uploading || tagsRefused !== null}>
            <FaSave className="me-2" aria-hidden="true" />
            {saving ? 'Updating...' : 'Update'}
          </Button>
          {uploading && <span className="text-body-secondary small">Waiting for the upload to finish…</span>}
        </div>
      </div>
    </Form>
  );
}

/** /admin/products/:id/edit */
/** An amount in rupees, made positive as typed (SPEC.md §5). */
function RupeesControl({ onChange, ...props }: Omit<FormControlProps, 'onChange'> & { onChange: (typed: string) => void }) {
  return (
    <Form.Control
      {...props}
      type="number"
      inputMode="decimal"
      min={0}
      step="0.01"
      onChange={(e) => onChange(positivePrice(e.target.value))}
    />
  );
}

export default function ProductEditScreen() {
  const id = useParams().id ?? '';
  // Always the server's latest, and the form is filled once from it.
  const { data, isFetching, error, refetch } = useGetAdminProductQuery(id, { refetchOnMountOrArgChange: true });
  const [product, setProduct] = useState<Product | undefined>();
  useEffect(() => {
    if (data && !isFetching && data._id === id) setProduct((p) => (p?._id === id ? p : data));
  }, [data, isFetching, id]);
  // A stale save's reason, and how many times the form was filled again since it opened.
  const [notice, setNotice] = useState('');
  const [reloads, setReloads] = useState(0);
  const reloadStale = useCallback(
    (message: string) => {
      setNotice(message);
      refetch()
        .unwrap()
        .then((fresh) => {
          setProduct(fresh);
          setReloads((n) => n + 1);
        })
        .catch((err: unknown) => setNotice(`${message} ${errorMessage(err)}`));
    },
    [refetch],
  );

  return (
    <>
      <PageTitle title="Edit Product" />
      <Link to="/admin/productlist" className="btn btn-outline-secondary btn-sm mb-3">
        <FaArrowLeft className="me-1" aria-hidden="true" /> Go Back
      </Link>
      <div className="d-flex align-items-center gap-3 mb-3">
        <h1 className="page-heading mb-0">Edit Product</h1>
        {product && (
          <Badge bg={product.published === false ? 'secondary' : 'success'}>
            {product.published === false ? 'Draft' : 'Published'}
          </Badge>
        )}
      </div>
      {error && !isFetching && !product ? (
        <Message variant="danger">{errorMessage(error)}</Message>
      ) : product ? (
        <ProductEditForm key={`${product._id}-${reloads}`} product={product} notice={notice} onStale={reloadStale} />
      ) : (
        <Loader />
      )}
    </>
  );
}
