import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import ProductCard from './ProductCard';
import type { ProductSummary } from './types';

/** 1 column on phones, 2 from md, 3 from lg, 4 from xl (Bootstrap's 12/6/4/3 grid). */
export default function ProductGrid({ products }: { products: ProductSummary[] }) {
  return (
    <Row className="g-4 list-unstyled" as="ul" aria-label="Products">
      {products.map((product, i) => (
        <Col as="li" key={product._id} xs={12} sm={12} md={6} lg={4} xl={3}>
          <ProductCard product={product} priority={i === 0} />
        </Col>
      ))}
    </Row>
  );
}
