import { useNavigate, useParams } from 'react-router';
import Badge from 'react-bootstrap/Badge';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { FaCheck, FaTshirt, FaUndoAlt } from 'react-icons/fa';
import { toast } from 'react-toastify';
import { useAppDispatch } from '../../lib/hooks';
import GoBackButton from '../../components/GoBackButton';
import Loader from '../../components/Loader';
import Message from '../../components/Message';
import Rating from '../../components/Rating';
import { swatchStyle } from '../../lib/colour';
import { errorMessage } from '../../lib/errors';
import { formatCount } from '../../lib/format';
import PriceTag from '../../components/PriceTag';
import { addToCart, makeCartLine, setBuyingItem, type BuyingAction } from '../cart';
import PageTitle from '../../components/PageTitle';
import ImageCarousel from './ImageCarousel';
import { reviewsText } from './ProductCard';
import ProductReviews from './ProductReviews';
import PurchaseButtons from './PurchaseButtons';
import { CheckDelivery } from '../delivery';
import { useGetProductDetailsQuery } from './productsApi';
import { isSoldOut, type Product } from './types';
import { useProductSelection } from './useProductSelection';
import './ProductScreen.css';

/** Below this many of the chosen size, the page says how many are left. */
const FEW_LEFT = 5;

function ProductDetail({ product }: { product: Product }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { variant, size, chooseVariant, chooseSize } = useProductSelection(product);
  const title = variant ? `${product.name} - ${variant.variantName}` : product.name;
  const inStock = (size?.stock ?? 0) > 0;

  const onAddToCart = () => {
    if (!variant || !size || !inStock) return;
    dispatch(addToCart(makeCartLine(product, variant, size, 1)));
    toast.success(`${product.name} (${variant.variantName}, ${size.size}) added to your cart.`);
  };

  // Order Now (in stock) and Pre Order (sold out): this one item is bought on its own.
  const buyDirectly = (actionItem: BuyingAction) => {
    if (!variant || !size) return;
    dispatch(setBuyingItem({ line: makeCartLine(product, variant, size, 1), actionItem }));
    navigate('/shipping');
  };

  return (
    <>
      <PageTitle title={title} />
      <Row className="g-4 g-lg-5">
        <Col md={6}>
          {variant && variant.images.length > 0 ? (
            // A sold-out product's pictures keep their colours: the badge says it is sold out.
            <div className="position-relative">
              <ImageCarousel key={variant._id} images={variant.images} label={title} />
              {isSoldOut(product) && (
                <Badge bg="dark" className="product-card__badge">
                  Sold Out
                </Badge>
              )}
            </div>
          ) : (
            <div className="product-card__placeholder rounded" role="img" aria-label={`No picture of ${product.name}`}>
              <FaTshirt aria-hidden="true" />
            </div>
          )}
        </Col>
        <Col md={6}>
          <h1 className="product-detail__name">{title}</h1>
          <Rating value={product.rating} text={reviewsText(product.numReviews)} />
          <div className="my-3">
            <div className="product-detail__price" data-testid="product-price">
              <PriceTag price={product.price} mrp={product.mrp} />
            </div>
            <div className="small text-body-secondary">Inclusive of all taxes</div>
          </div>

          {product.variants.length > 0 && (
            <div className="mb-3">
              <h2 className="product-detail__label" id="colour-label">
                Colour: <span className="product-detail__colour">{variant?.variantName}</span>
              </h2>
              <div className="d-flex flex-wrap gap-2" role="group" aria-labelledby="colour-label">
                {product.variants.map((v) => {
                  const chosen = v._id === variant?._id;
                  return (
                    <button
                      key={v._id}
                      type="button"
                      className={`variant-button${chosen ? ' is-chosen' : ''}`}
                      style={swatchStyle(v.swatch)}
                      aria-pressed={chosen}
                      onClick={() => chooseVariant(v)}
                    >
                      {chosen && <FaCheck className="me-1" aria-hidden="true" />}
                      {v.variantName}
                    </button>
                  );
                })}
              </div>
            </div>
          )}

          {variant && variant.sizes.length > 0 && (
            <div className="mb-3">
              <h2 className="product-detail__label" id="size-label">
                Size: {size?.size}
              </h2>
              <div className="d-flex flex-wrap gap-2" role="group" aria-labelledby="size-label">
                {variant.sizes.map((s) => {
                  const chosen = s._id === size?._id;
                  const soldOut = s.stock <= 0;
                  return (
                    <button
                      key={s._id}
                      type="button"
                      className={`size-button${chosen ? ' is-chosen' : ''}${soldOut ? ' is-sold-out' : ''}`}
                      aria-pressed={chosen}
                      aria-label={soldOut ? `${s.size} (sold out)` : s.size}
                      title={soldOut ? 'Sold out: available to pre-order' : undefined}
                      onClick={() => chooseSize(s)}
                    >
                      {s.size}
                    </button>
                  );
                })}
              </div>
            </div>
          )}

          {product.sizeChart && (
            <details className="product-detail__size-chart mb-3">
              <summary>Size chart</summary>
              <p className="mb-0 mt-2">{product.sizeChart}</p>
            </details>
          )}

          <dl className="product-detail__facts">
            <div>
              <dt>Status</dt>
              <dd>
                {inStock ? (
                  <>
                    <Badge bg="success" className="fs-6">
                      In Stock
                    </Badge>
                    {size && size.stock < FEW_LEFT && <span className="product-detail__few ms-2">Only {size.stock} left</span>}
                  </>
                ) : (
                  <Badge bg="secondary" className="fs-6">
                    Out Of Stock
                  </Badge>
                )}
              </dd>
            </div>
            <div>
              <dt>Sold</dt>
              <dd data-testid="units-sold">
                {formatCount(product.totalSold)} {product.totalSold === 1 ? 'unit' : 'units'}
              </dd>
            </div>
          </dl>

          {/* On a phone this bar stays at the bottom of the screen, with the price beside the buttons. */}
          <div className="buy-bar" data-testid="buy-bar">
            <div className="buy-bar__price d-md-none" aria-hidden="true">
              <PriceTag price={product.price} mrp={product.mrp} />
            </div>
            <PurchaseButtons
              inStock={inStock}
              onAddToCart={onAddToCart}
              onOrderNow={() => buyDirectly('buyNow')}
              onPreOrder={() => buyDirectly('preOrder')}
            />
          </div>
          <CheckDelivery />

          {product.returnsNote && (
            <p className="product-detail__returns small mt-3 mb-0">
              <FaUndoAlt className="me-2" aria-hidden="true" />
              {product.returnsNote}
            </p>
          )}

          <h2 className="product-detail__label mt-4">Description</h2>
          <p className="product-detail__description">{product.description}</p>
        </Col>
      </Row>
      <ProductReviews product={product} />
    </>
  );
}

export default function ProductScreen() {
  const id = useParams().id ?? '';
  // currentData: never show the previous product while another one loads.
  const { currentData: product, isFetching, error } = useGetProductDetailsQuery(id);

  if (error && !isFetching) {
    return (
      <>
        <PageTitle title="Product" />
        <GoBackButton />
        <Message variant="danger">{errorMessage(error)}</Message>
      </>
    );
  }
  return (
    <>
      <GoBackButton />
      {product ? <ProductDetail product={product} /> : <Loader />}
    </>
  );
}
