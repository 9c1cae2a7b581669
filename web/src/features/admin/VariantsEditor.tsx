import { useEffect, useState, type ChangeEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { FaArrowLeft, FaArrowRight, FaPlus, FaTimes, FaTrashAlt } from 'react-icons/fa';
import { toast } from 'react-toastify';
import { swatchStyle } from '../../lib/colour';
import { LIMITS } from '../../lib/limits';
import { canAddVariant, imagesProblem, sizeCode, variantName, wholeStock } from '../../lib/validation';
import { moveImage, newSize, newVariant, type SizeRow, type VariantDraft } from './productForm';
import { imageFileProblem, uploadImage } from './uploadImage';
import './admin.css';

type Update = (change: (variants: VariantDraft[]) => VariantDraft[]) => void;

interface VariantsEditorProps {
  variants: VariantDraft[];
  onChange: Update;
  /** An image left a variant (deleted, or its variant removed). */
  onImageRemoved: (url: string) => void;
  /** True while any upload runs. */
  onBusyChange?: (busy: boolean) => void;
}

interface VariantCardProps {
  variant: VariantDraft;
  number: number;
  onChange: Update;
  onImageRemoved: (url: string) => void;
  onRemove: () => void;
  onUploading: (key: string, busy: boolean) => void;
}

function VariantCard({ variant, number, onChange, onImageRemoved, onRemove, onUploading }: VariantCardProps) {
  const [progress, setProgress] = useState<{ file: string; percent: number } | null>(null);
  const label = variant.variantName.trim() || `variant ${number}`;

  const patch = (change: Partial<VariantDraft> | ((v: VariantDraft) => Partial<VariantDraft>)) =>
    onChange((variants) =>
      variants.map((v) => (v.key === variant.key ? { ...v, ...(typeof change === 'function' ? change(v) : change) } : v)),
    );
  const patchSize = (key: string, change: Partial<SizeRow>) =>
    patch((v) => ({ sizes: v.sizes.map((s) => (s.key === key ? { ...s, ...change } : s)) }));

  const removeImage = (index: number) => {
    const without = (images: string[]) => images.filter((_, i) => i !== index);
    const problem = imagesProblem(without(variant.images));
    if (problem) {
      toast.error(problem);
      return;
    }
    const url = variant.images[index];
    patch((v) => ({ images: without(v.images) }));
    onImageRemoved(url);
  };

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = '';
    if (files.length === 0) return;
    onUploading(variant.key, true);
    // One after the other, so the progress bar tells one story.
    for (const file of files) {
      const problem = imageFileProblem(file);
      if (problem) {
        toast.error(problem);
        continue;
      }
      setProgress({ file: file.name, percent: 0 });
      try {
        const url = await uploadImage(file, (percent) => setProgress({ file: file.name, percent })).done;
        patch((v) => ({ images: [...v.images, url] }));
      } catch (err) {
        toast.error(`${file.name}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    setProgress(null);
    onUploading(variant.key, false);
  };

  return (
    <fieldset className="variant-editor p-3 mb-3 rounded border bg-white">
      <legend className="variant-editor__legend float-none w-auto px-2 mb-0 d-flex align-items-center gap-2">
        <span className="variant-editor__swatch" style={swatchStyle(variant.swatch)} aria-hidden="true" />
        Variant {number}
      </legend>

      <div className="d-flex flex-wrap align-items-start gap-2 mb-3">
        <Form.Group className="variant-editor__name" controlId={`${variant.key}-name`}>
          <Form.Label>Colour name</Form.Label>
          <Form.Control
            value={variant.variantName}
            maxLength={LIMITS.variantName}
            placeholder="e.g. Mustard, Bottle green"
            onChange={(e) => patch({ variantName: variantName(e.target.value) })}
            autoComplete="off"
          />
          <Form.Text className="text-body-secondary">
            The name customers read. {variant.variantName.length}/{LIMITS.variantName}
          </Form.Text>
        </Form.Group>
        <Form.Group controlId={`${variant.key}-swatch`}>
          <Form.Label>Swatch</Form.Label>
          <Form.Control
            type="color"
            className="variant-editor__picker"
            value={variant.swatch}
            onChange={(e) => patch({ swatch: e.target.value })}
          />
        </Form.Group>
        <Button variant="outline-danger" size="sm" className="mt-4 text-nowrap" onClick={onRemove}>
          <FaTimes className="me-1" aria-hidden="true" />
          Remove Variant
        </Button>
      </div>

      <div className="mb-3">
        <div className="form-label">Pictures</div>
        {variant.images.length === 0 ? (
          <p className="small text-danger mb-2">Upload at least one picture of this colour.</p>
        ) : (
          <ol className="variant-editor__images list-unstyled d-flex flex-wrap gap-2 mb-2" aria-label={`Pictures of ${label}`}>
            {variant.images.map((src, i) => (
              <li key={src} className="variant-editor__image">
                <img src={src} alt={`${label}, picture ${i + 1}`} width={96} height={96} />
                {i === 0 && <span className="variant-editor__main">Main</span>}
                <div className="variant-editor__image-actions">
                  <Button
                    variant="light"
                    size="sm"
                    aria-label={`Move picture ${i + 1} left`}
                    disabled={i === 0}
                    onClick={() => patch((v) => ({ images: moveImage(v.images, i, -1) }))}
                  >
                    <FaArrowLeft aria-hidden="true" />
                  </Button>
                  <Button
                    variant="light"
                    size="sm"
                    aria-label={`Delete picture ${i + 1}`}
                    className="text-danger"
                    onClick={() => removeImage(i)}
                  >
                    <FaTrashAlt aria-hidden="true" />
                  </Button>
                  <Button
                    variant="light"
                    size="sm"
                    aria-label={`Move picture ${i + 1} right`}
                    disabled={i === variant.images.length - 1}
                    onClick={() => patch((v) => ({ images: moveImage(v.images, i, 1) }))}
                  >
                    <FaArrowRight aria-hidden="true" />
                  </Button>
                </div>
              </li>
            ))}
          </ol>
        )}
        <Form.Group controlId={`${variant.key}-upload`}>
          <Form.Label className="visually-hidden">Upload pictures</Form.Label>
          <Form.Control
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            size="sm"
            onChange={upload}
            disabled={progress !== null}
          />
          <Form.Text className="text-body-secondary">JPEG, PNG or WebP, up to 5 MB each.</Form.Text>
        </Form.Group>
        {progress && (
          <div className="mt-2">
            <div className="small text-body-secondary text-truncate">Uploading {progress.file}</div>
            <ProgressBar>
              <ProgressBar
                isChild
                now={progress.percent}
                label={`${progress.percent}%`}
                animated
                striped
                variant="warning"
                aria-label="Upload progress"
              />
            </ProgressBar>
          </div>
        )}
      </div>

      <div className="form-label">Sizes</div>
      {variant.sizes.length > 0 && (
        <table className="table table-sm align-middle variant-editor__sizes mb-2">
          <thead>
            <tr>
              <th scope="col">Size</th>
              <th scope="col">Stock</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {variant.sizes.map((s, i) => (
              <tr key={s.key}>
                <td>
                  <Form.Control
                    size="sm"
                    value={s.size}
                    maxLength={LIMITS.sizeCode}
                    placeholder="M"
                    aria-label={`Size code ${i + 1}`}
                    onChange={(e) => patchSize(s.key, { size: sizeCode(e.target.value) })}
                    autoComplete="off"
                  />
                </td>
                <td>
                  <Form.Control
                    size="sm"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    value={s.stock}
                    aria-label={`Stock of size ${s.size || i + 1}`}
                    onChange={(e) => patchSize(s.key, { stock: wholeStock(e.target.value) })}
                  />
                </td>
                <td className="text-end">
                  <Button
                    variant="outline-secondary"
                    size="sm"
                    aria-label={`Remove size ${s.size || i + 1}`}
                    onClick={() => patch((v) => ({ sizes: v.sizes.filter((x) => x.key !== s.key) }))}
                  >
                    <FaTimes aria-hidden="true" />
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Button variant="outline-dark" size="sm" onClick={() => patch((v) => ({ sizes: [...v.sizes, newSize()] }))}>
        <FaPlus className="me-1" aria-hidden="true" />
        Add Size
      </Button>
    </fieldset>
  );
}

/** The colour variants of a product: names, pictures (upload, order, delete) and sizes with stock. */
export default function VariantsEditor({ variants, onChange, onImageRemoved, onBusyChange }: VariantsEditorProps) {
  const [uploading, setUploading] = useState<Set<string>>(() => new Set());
  const busy = uploading.size > 0;
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  const onUploading = (key: string, on: boolean) =>
    setUploading((prev) => {
      const next = new Set(prev);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const remove = (variant: VariantDraft) => {
    const name = variant.variantName.trim();
    const what = name ? `the variant "${name}"` : 'this variant';
    if (variant.images.length > 0 && !window.confirm(`Remove ${what} and its pictures?`)) return;
    onChange((vs) => vs.filter((v) => v.key !== variant.key));
    variant.images.forEach(onImageRemoved);
  };

  const addable = canAddVariant(variants);
  return (
    <section aria-labelledby="variants-heading">
      <h2 id="variants-heading" className="h5 mb-3">
        Colour variants
      </h2>
      {variants.length === 0 && (
        <p className="text-body-secondary">
          No colours yet. The product shows in the shop once it has a name, a price and a colour with a picture.
        </p>
      )}
      {variants.map((v, i) => (
        <VariantCard
          key={v.key}
          variant={v}
          number={i + 1}
          onChange={onChange}
          onImageRemoved={onImageRemoved}
          onRemove={() => remove(v)}
          onUploading={onUploading}
        />
      ))}
      <Button
        variant="outline-dark"
        onClick={() => onChange((vs) => [...vs, newVariant()])}
        disabled={!addable}
        aria-describedby={addable ? undefined : 'add-variant-hint'}
      >
        <FaPlus className="me-1" aria-hidden="true" />
        Add Variant
      </Button>
      {!addable && (
        <Form.Text id="add-variant-hint" className="d-block text-body-secondary">
          Name the last variant first.
        </Form.Text>
      )}
    </section>
  );
}
