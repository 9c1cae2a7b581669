export default function Loader() {
  return (
    <div className="d-flex justify-content-center py-5">
      <div className="spinner-border loader" role="status">
        <span className="visually-hidden">Loading...</span>
      </div>
    </div>
  );
}
