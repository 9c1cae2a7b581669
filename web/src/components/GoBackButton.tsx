import { useNavigate } from 'react-router';
import Button from 'react-bootstrap/Button';
import { FaArrowLeft } from 'react-icons/fa';

/** Back to the previous page of this visit, or home when the visit started here. */
export default function GoBackButton() {
  const navigate = useNavigate();
  const goBack = () => {
    // The data router keeps its position in the history stack in history.state.idx.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/');
  };
  return (
    <Button variant="outline-secondary" size="sm" className="mb-3" onClick={goBack}>
      <FaArrowLeft className="me-1" aria-hidden="true" /> Go Back
    </Button>
  );
}
