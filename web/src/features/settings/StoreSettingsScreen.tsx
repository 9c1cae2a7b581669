import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Loader from '../../components/Loader';
import Message from '../../components/Message';
import PageTitle from '../../components/PageTitle';
import { errorMessage } from '../../lib/errors';
import DeliverySection from './DeliverySection';
import ReturnsSection from './ReturnsSection';
import SellerSection from './SellerSection';
import SizeChartSection from './SizeChartSection';
import SynonymsSection from './SynonymsSection';
import { useGetSettingsQuery } from './settingsApi';

/** The owner's settings, a section per part of the shop, each saved on its own. */
export default function StoreSettingsScreen() {
  const { data, error, isLoading } = useGetSettingsQuery();
  return (
    <>
      <PageTitle title="Store Settings" />
      <h1 className="mb-4">Store Settings</h1>
      <Row>
        <Col lg={8}>
          {isLoading ? (
            <Loader />
          ) : error || !data ? (
            <Message variant="danger">{errorMessage(error)}</Message>
          ) : (
            <>
              <ReturnsSection settings={data} />
              <SellerSection settings={data} />
              <DeliverySection settings={data} />
              <SizeChartSection settings={data} />
              <SynonymsSection settings={data} />
            </>
          )}
        </Col>
      </Row>
    </>
  );
}
