import { useParams } from 'react-router';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Image from 'react-bootstrap/Image';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { FaTshirt } from 'react-icons/fa';
import GoBackButton from '../../components/GoBackButton';
import Loader from '../../components/Loader';
import Message from '../../components/Message';
import Rating from '../../components/Rating';
import { errorMessage } from '../../lib/errors';
import { formatRupees } from '../../lib/format';
import PageTitle from '../config/PageTitle';
import { reviewsText } from './ProductCard';
import { useGetProductDetailsQuery } from './productsApi';
import { isSoldOut, primaryImage } from './types';

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
  if (!product) {
    return (
      <>
        <GoBackButton />
        <Loader />
      </>
    );
  }

  const image = primaryImage(product);
  const soldOut = isSoldOut(product);

  return (
    <>
      <PageTitle title={product.name} />
      <GoBackButton />
      <Row className="g-4">
        <Col md={6}>
          {image ? (
            <Image
              src={image}
              alt={product.name}
              width={800}
              height={800}
              className={`product-detail__image rounded shadow-sm${soldOut ? ' is-sold-out' : ''}`}
              fluid
            />
          ) : (
            <div className="product-card__placeholder rounded" role="img" aria-label={`No picture of ${product.name}`}>
              <FaTshirt aria-hidden="true" />
            </div>
          )}
        </Col>
        <Col md={6}>
          <h1 className="product-detail__name">{product.name}</h1>
          <Rating value={product.rating} text={reviewsText(product.numReviews)} />
          <p className="product-detail__price my-3">{formatRupees(product.price)}</p>
          <Card className="mb-3">
            <ListGroup variant="flush">
              <ListGroup.Item className="d-flex justify-content-between align-items-center">
                <span>Status</span>
                {soldOut ? (
                  <Badge bg="secondary">Out Of Stock</Badge>
                ) : (
                  <Badge bg="success">In Stock</Badge>
                )}
              </ListGroup.Item>
              {product.variants.length > 0 && (
                <ListGroup.Item className="d-flex justify-content-between align-items-center">
                  <span>Colours</span>
                  <span className="d-flex gap-2">
                    {product.variants.map((v) => (
                      <span
                        key={v._id}
                        className="colour-swatch"
                        style={{ backgroundColor: v.variantName }}
                        title={v.variantName}
                        aria-label={v.variantName}
                        role="img"
                      />
                    ))}
                  </span>
                </ListGroup.Item>
              )}
            </ListGroup>
          </Card>
          <h2 className="h6 text-uppercase text-body-secondary">Description</h2>
          <p className="product-detail__description">{product.description}</p>
        </Col>
      </Row>
    </>
  );
}
