import Spinner from 'react-bootstrap/Spinner';

export default function Loader() {
  return (
    <div className="d-flex justify-content-center py-5">
      <Spinner animation="border" role="status" className="loader">
        <span className="visually-hidden">Loading...</span>
      </Spinner>
    </div>
  );
}
