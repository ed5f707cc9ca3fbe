-- hand-written: an order's people are part of the order the read caches depend on (its pricing reads its agents' pay-at-close opt-out, spec 5.8), announced as the order's (see 0002)
CREATE TRIGGER order_parties_announce AFTER INSERT OR UPDATE OR DELETE ON order_parties
  FOR EACH ROW EXECUTE FUNCTION scheduler_row_changed('order', 'order_id');
