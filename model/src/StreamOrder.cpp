#include "warpsim/model/StreamOrder.h"

#include <algorithm>

namespace warpsim::model {

void StreamOrder::join(Clock &into, const Clock &from) {
  if (into.size() < from.size())
    into.resize(from.size(), 0);
  for (std::size_t i = 0; i < from.size(); ++i)
    into[i] = std::max(into[i], from[i]);
}

std::uint32_t StreamOrder::addStream(bool blocking) {
  streams_.push_back(Stream{blocking, 0, {}});
  return static_cast<std::uint32_t>(streams_.size() - 1);
}

StreamOrder::Clock StreamOrder::before(std::uint32_t s) const {
  Clock c = streams_[s].clock;
  join(c, host_);
  if (s == kLegacy) {
    for (const Stream &o : streams_)
      if (o.blocking)
        join(c, o.clock);
  } else if (streams_[s].blocking) {
    join(c, streams_[kLegacy].clock);
  }
  return c;
}

std::uint64_t StreamOrder::issue(std::uint32_t s) {
  Clock c = before(s);
  Stream &st = streams_[s];
  if (c.size() <= s)
    c.resize(s + 1, 0);
  c[s] = ++st.seq;
  st.clock = c;
  latest_ = std::move(c);
  ops_.push_back(Op{s, st.seq});
  return ops_.size();
}

bool StreamOrder::beforeLatest(std::uint64_t earlier) const {
  if (earlier == 0 || earlier >= ops_.size() + 1)
    return false;
  const Op &o = ops_[earlier - 1];
  return o.stream < latest_.size() && latest_[o.stream] >= o.seq &&
         earlier != ops_.size(); // the latest operation does not finish before itself
}

StreamOrder::Clock StreamOrder::record(std::uint32_t s) const { return before(s); }

void StreamOrder::wait(std::uint32_t s, const Clock &event) { join(streams_[s].clock, event); }

void StreamOrder::hostWaits(const Clock &event) { join(host_, event); }

void StreamOrder::hostWaitsStream(std::uint32_t s) { join(host_, streams_[s].clock); }

void StreamOrder::hostWaitsAll() {
  for (const Stream &st : streams_)
    join(host_, st.clock);
}

} // namespace warpsim::model
