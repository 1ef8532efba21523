// CUDA's order between streams (model/StreamOrder.h).
#include <doctest/doctest.h>

#include "warpsim/model/StreamOrder.h"

using warpsim::model::StreamOrder;

TEST_CASE("stream order: one stream runs in issue order, two streams do not") {
  StreamOrder o;
  const auto a = o.addStream(true), b = o.addStream(true);
  const auto k1 = o.issue(a);
  const auto k2 = o.issue(a);
  CHECK(o.beforeLatest(k1));
  CHECK_FALSE(o.beforeLatest(k2)); // not before itself
  o.issue(b);
  CHECK_FALSE(o.beforeLatest(k1));
  CHECK_FALSE(o.beforeLatest(k2));
}

TEST_CASE("stream order: an event orders another stream after what it recorded") {
  StreamOrder o;
  const auto a = o.addStream(false), b = o.addStream(false);
  const auto k1 = o.issue(a);
  const auto ev = o.record(a);
  const auto k2 = o.issue(a); // after the record: not covered
  o.wait(b, ev);
  o.issue(b);
  CHECK(o.beforeLatest(k1));
  CHECK_FALSE(o.beforeLatest(k2));
}

TEST_CASE("stream order: host synchronisation") {
  StreamOrder o;
  const auto a = o.addStream(false), b = o.addStream(false);
  const auto k1 = o.issue(a);
  o.hostWaitsStream(b); // another stream: nothing
  o.issue(b);
  CHECK_FALSE(o.beforeLatest(k1));
  o.hostWaitsStream(a);
  o.issue(b);
  CHECK(o.beforeLatest(k1));
  const auto k3 = o.issue(a);
  o.hostWaitsAll();
  o.issue(b);
  CHECK(o.beforeLatest(k3));
}

TEST_CASE("stream order: the legacy default stream and blocking streams") {
  StreamOrder o;
  const auto blocking = o.addStream(true), nonBlocking = o.addStream(false);
  const auto kb = o.issue(blocking);
  const auto kn = o.issue(nonBlocking);
  o.issue(StreamOrder::kLegacy); // waits for blocking streams only
  CHECK(o.beforeLatest(kb));
  CHECK_FALSE(o.beforeLatest(kn));
  const auto kl = o.issue(StreamOrder::kLegacy);
  o.issue(blocking); // a blocking stream waits for legacy work
  CHECK(o.beforeLatest(kl));
  o.issue(nonBlocking);
  CHECK_FALSE(o.beforeLatest(kl));
}
