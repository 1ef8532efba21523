// NVTX v3's C++ API (nvtx3::scoped_range, mark, event_attributes, domains,
// NVTX3_FUNC_RANGE), over the C API of nvtx3/nvToolsExt.h. No tool is
// attached, so ranges and marks record nothing; the classes take the
// arguments NVTX's do (messages, colours, categories, payloads), so code
// written for them compiles unchanged. Registered strings and named
// categories are accepted and ignored.
#pragma once

#include <cstdint>
#include <string>
#include <utility>

#include "nvToolsExt.h"

namespace nvtx3 {
inline namespace v1 {

struct domain {
  struct global {};
  template <class D = global> static domain const &get() noexcept {
    static domain d;
    return d;
  }
  operator nvtxDomainHandle_t() const noexcept { return nullptr; }
};

struct rgb {
  rgb(std::uint8_t r, std::uint8_t g, std::uint8_t b) noexcept : red(r), green(g), blue(b) {}
  std::uint8_t red, green, blue;
};
struct argb : rgb {
  argb(std::uint8_t a, std::uint8_t r, std::uint8_t g, std::uint8_t b) noexcept
      : rgb(r, g, b), alpha(a) {}
  std::uint8_t alpha;
};
class color {
public:
  explicit color(std::uint32_t hex) noexcept : value_(hex) {}
  color(argb c) noexcept
      : value_(std::uint32_t(c.alpha) << 24 | std::uint32_t(c.red) << 16 |
               std::uint32_t(c.green) << 8 | c.blue) {}
  color(rgb c) noexcept : color(argb{0xff, c.red, c.green, c.blue}) {}
  std::uint32_t get_value() const noexcept { return value_; }

private:
  std::uint32_t value_;
};

class category {
public:
  explicit category(std::uint32_t id) noexcept : id_(id) {}
  std::uint32_t get_id() const noexcept { return id_; }

private:
  std::uint32_t id_;
};
template <class D = domain::global> class named_category_in : public category {
public:
  named_category_in(std::uint32_t id, const char *) noexcept : category(id) {}
  named_category_in(std::uint32_t id, const wchar_t *) noexcept : category(id) {}
  template <class C> static named_category_in const &get() noexcept {
    static named_category_in c(C::id, C::name);
    return c;
  }
};
using named_category = named_category_in<>;

template <class D = domain::global> class registered_string_in {
public:
  explicit registered_string_in(const char *) noexcept {}
  explicit registered_string_in(const std::string &) noexcept {}
  explicit registered_string_in(const wchar_t *) noexcept {}
  template <class M> static registered_string_in const &get() noexcept {
    static registered_string_in s(M::message);
    return s;
  }
  nvtxStringHandle_t get_handle() const noexcept { return nullptr; }
};
using registered_string = registered_string_in<>;

class message {
public:
  message(const char *m) noexcept : type_(NVTX_MESSAGE_TYPE_ASCII) { value_.ascii = m; }
  message(const std::string &m) noexcept : message(m.c_str()) {}
  message(const wchar_t *m) noexcept : type_(NVTX_MESSAGE_TYPE_UNICODE) { value_.unicode = m; }
  message(const std::wstring &m) noexcept : message(m.c_str()) {}
  template <class D>
  message(const registered_string_in<D> &r) noexcept : type_(NVTX_MESSAGE_TYPE_REGISTERED) {
    value_.registered = r.get_handle();
  }
  nvtxMessageValue_t get_value() const noexcept { return value_; }
  nvtxMessageType_t get_type() const noexcept { return type_; }

private:
  nvtxMessageType_t type_;
  nvtxMessageValue_t value_;
};

class payload {
public:
  explicit payload(std::int64_t v) noexcept : type_(NVTX_PAYLOAD_TYPE_INT64) { v_.llValue = v; }
  explicit payload(std::int32_t v) noexcept : type_(NVTX_PAYLOAD_TYPE_INT32) { v_.iValue = v; }
  explicit payload(std::uint64_t v) noexcept : type_(NVTX_PAYLOAD_TYPE_UNSIGNED_INT64) {
    v_.ullValue = v;
  }
  explicit payload(std::uint32_t v) noexcept : type_(NVTX_PAYLOAD_TYPE_UNSIGNED_INT32) {
    v_.uiValue = v;
  }
  explicit payload(float v) noexcept : type_(NVTX_PAYLOAD_TYPE_FLOAT) { v_.fValue = v; }
  explicit payload(double v) noexcept : type_(NVTX_PAYLOAD_TYPE_DOUBLE) { v_.dValue = v; }
  nvtxPayloadType_t get_type() const noexcept { return type_; }
  nvtxEventAttributes_t::payload_t get_value() const noexcept { return v_; }

private:
  nvtxPayloadType_t type_;
  nvtxEventAttributes_t::payload_t v_{};
};

class event_attributes {
public:
  event_attributes() noexcept : attr_{} {
    attr_.version = NVTX_VERSION;
    attr_.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
  }
  template <class... Args> explicit event_attributes(Args const &...args) noexcept
      : event_attributes() {
    (set(args), ...);
  }
  const nvtxEventAttributes_t *get() const noexcept { return &attr_; }

private:
  void set(const category &c) noexcept { attr_.category = c.get_id(); }
  void set(const color &c) noexcept {
    attr_.colorType = NVTX_COLOR_ARGB;
    attr_.color = c.get_value();
  }
  void set(const payload &p) noexcept {
    attr_.payloadType = p.get_type();
    attr_.payload = p.get_value();
  }
  void set(const message &m) noexcept {
    attr_.messageType = m.get_type();
    attr_.message = m.get_value();
  }
  nvtxEventAttributes_t attr_;
};

template <class D = domain::global> class scoped_range_in {
public:
  explicit scoped_range_in(const event_attributes &a) noexcept { nvtxRangePushEx(a.get()); }
  template <class... Args> explicit scoped_range_in(Args const &...args) noexcept
      : scoped_range_in(event_attributes{args...}) {}
  scoped_range_in() noexcept : scoped_range_in(event_attributes{}) {}
  scoped_range_in(const scoped_range_in &) = delete;
  scoped_range_in &operator=(const scoped_range_in &) = delete;
  ~scoped_range_in() noexcept { nvtxRangePop(); }
};
using scoped_range = scoped_range_in<>;
using thread_range = scoped_range; // NVTX's older name

struct range_handle {
  range_handle() noexcept = default;
  explicit range_handle(nvtxRangeId_t id) noexcept : id_(id) {}
  nvtxRangeId_t get_value() const noexcept { return id_; }

private:
  nvtxRangeId_t id_ = 0;
};
template <class D = domain::global> range_handle start_range_in(const event_attributes &a) noexcept {
  return range_handle{nvtxRangeStartEx(a.get())};
}
template <class D = domain::global, class... Args>
range_handle start_range_in(Args const &...args) noexcept {
  return start_range_in<D>(event_attributes{args...});
}
template <class... Args> range_handle start_range(Args const &...args) noexcept {
  return start_range_in<domain::global>(args...);
}
template <class D = domain::global> void end_range_in(range_handle r) noexcept {
  nvtxRangeEnd(r.get_value());
}
inline void end_range(range_handle r) noexcept { nvtxRangeEnd(r.get_value()); }

template <class D = domain::global> class unique_range_in {
public:
  template <class... Args> explicit unique_range_in(Args const &...args) noexcept
      : id_(start_range_in<D>(args...)) {}
  unique_range_in(unique_range_in &&) noexcept = default;
  ~unique_range_in() noexcept { nvtxRangeEnd(id_.get_value()); }

private:
  range_handle id_;
};
using unique_range = unique_range_in<>;

template <class D = domain::global> void mark_in(const event_attributes &a) noexcept {
  nvtxMarkEx(a.get());
}
template <class D = domain::global, class... Args> void mark_in(Args const &...args) noexcept {
  mark_in<D>(event_attributes{args...});
}
template <class... Args> void mark(Args const &...args) noexcept {
  mark_in<domain::global>(args...);
}

} // namespace v1
} // namespace nvtx3

// A range over the enclosing function, named after it.
#define NVTX3_V1_FUNC_RANGE_IN(D) ::nvtx3::v1::scoped_range_in<D> const nvtx3_range__{__func__};
#define NVTX3_FUNC_RANGE_IN(D) NVTX3_V1_FUNC_RANGE_IN(D)
#define NVTX3_FUNC_RANGE() NVTX3_V1_FUNC_RANGE_IN(::nvtx3::v1::domain::global)
#define NVTX3_V1_FUNC_RANGE() NVTX3_FUNC_RANGE()
