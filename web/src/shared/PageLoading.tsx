/** Shown while a screen's code is being fetched (no antd: also the fallback of the first screens). */
export function PageLoading() {
  return (
    <div role="status" aria-label="Loading" style={{ display: 'flex', justifyContent: 'center', padding: '104px 0' }}>
      <span className="sx-spinner" />
    </div>
  );
}
