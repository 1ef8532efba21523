#include "Findings.h"

#include <unistd.h>

#include <cinttypes>
#include <cstring>

#include "JsonString.h"

namespace warpsim::sim {
namespace {

// The static site's row (SiteTable.h): where the access or call is in the
// source, known without the program's debug info.
void appendStaticSite(std::string &out, std::uint32_t id) {
  const StaticSite *row = staticSite(id);
  if (row == nullptr || row->line == 0)
    return;
  const std::uint32_t kind = row->kind & ~(kSiteVolatile | site_abi::kResultUnused);
  out += ",\"static\":{\"id\":" + std::to_string(id) + ",\"file\":";
  appendJsonString(out, row->file != nullptr ? row->file : "");
  out += ",\"line\":" + std::to_string(row->line) + ",\"col\":" + std::to_string(row->column) +
         ",\"kind\":";
  appendJsonString(out, kind < site_abi::kKindCount ? site_abi::kKindNames[kind] : "unknown");
  if ((row->kind & kSiteVolatile) != 0)
    out += ",\"volatile\":true";
  out += ",\"size\":" + std::to_string(row->size) + "}";
}

void appendDim(std::string &out, const Dim3 &d) {
  out += "[" + std::to_string(d.x) + "," + std::to_string(d.y) + "," + std::to_string(d.z) + "]";
}

} // namespace

const char *spaceName(MemorySpace s) {
  switch (s) {
  case MemorySpace::Global:
    return "global";
  case MemorySpace::Shared:
    return "shared";
  case MemorySpace::Local:
    return "local";
  case MemorySpace::Constant:
    return "constant";
  case MemorySpace::Param:
    return "param";
  case MemorySpace::Managed:
    return "managed";
  case MemorySpace::Host:
    return "host";
  }
  return "unknown";
}

const char *severityName(Severity s) {
  switch (s) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Note:
    return "note";
  }
  return "error";
}

void FindingSink::open(const char *path) {
  if (path != nullptr && *path != '\0')
    out_ = std::fopen(path, "w");
}

void FindingSink::emit(const std::string &line) {
  std::FILE *f = out_ != nullptr ? out_ : stderr;
  std::fputs(line.c_str(), f);
  std::fputc('\n', f);
  std::fflush(f);
}

void FindingSink::add(const Finding &f) {
  if (f.severity == Severity::Error)
    ++errors_;
  std::string s = "{\"type\":\"finding\",\"kind\":";
  appendJsonString(s, f.kind);
  s += ",\"severity\":";
  appendJsonString(s, severityName(f.severity));
  s += ",\"kernel\":";
  appendJsonString(s, f.kernel);
  s += ",\"launch\":" + std::to_string(f.launch);
  s += ",\"space\":";
  appendJsonString(s, f.space);
  if (!f.object.empty()) {
    s += ",\"object\":";
    appendJsonString(s, f.object);
  }
  if (!f.hazard.empty()) {
    s += ",\"hazard\":";
    appendJsonString(s, f.hazard);
  }
  s += ",\"address\":" + std::to_string(f.address);
  s += ",\"size\":" + std::to_string(f.size);
  s += ",\"count\":" + std::to_string(f.count);
  s += ",\"fatal\":";
  s += f.fatal ? "true" : "false";
  s += ",\"message\":";
  appendJsonString(s, f.message);
  s += ",\"sites\":[";
  for (std::size_t i = 0; i < f.sites.size(); ++i) {
    const FindingSite &site = f.sites[i];
    if (i)
      s += ',';
    s += "{\"role\":";
    appendJsonString(s, site.role);
    s += ",\"pc\":" + std::to_string(site.pc);
    if (site.site != kNoSite)
      appendStaticSite(s, site.site);
    s += ",\"stack\":[";
    for (std::size_t k = 0; k < site.stack.size(); ++k)
      s += (k ? "," : "") + std::to_string(site.stack[k]);
    s += "]";
    if (site.has_thread) {
      s += ",\"block\":";
      appendDim(s, site.block);
      s += ",\"thread\":";
      appendDim(s, site.thread);
    }
    s += ",\"thread_count\":" + std::to_string(site.thread_count);
    s += ",\"threads\":";
    appendJsonString(s, site.threads);
    s += ",\"detail\":";
    appendJsonString(s, site.detail);
    if (site.line != 0) {
      s += ",\"file\":";
      appendJsonString(s, site.file);
      s += ",\"line\":" + std::to_string(site.line) + ",\"col\":" + std::to_string(site.col);
    }
    s += "}";
  }
  s += "]}";
  emit(s);
}

void FindingSink::addStat(const std::string &key, std::uint64_t value) {
  // A program run alone (built by warpsim nvcc, no WARPSIM_REPORT) prints its
  // findings on stderr, not the counters only a report reader wants.
  if (out_ == nullptr)
    return;
  std::string s = "{\"type\":\"stat\",\"key\":";
  appendJsonString(s, key);
  s += ",\"value\":" + std::to_string(value) + "}";
  emit(s);
}

void FindingSink::emitRaw(const char *line) {
  const int fd = fileno(out_ != nullptr ? out_ : stderr);
  (void)!write(fd, line, std::strlen(line));
}

void FindingSink::flush() {
  if (out_ != nullptr)
    std::fflush(out_);
}

void threadCoords(const LaunchInfo &launch, std::uint64_t block, std::uint32_t thread, Dim3 &b,
                  Dim3 &t) {
  b = model::delinearize(block, launch.grid);
  t = model::delinearize(thread, launch.block);
}

FindingSite threadSite(const BlockInfo &b, std::uint32_t thread, std::uintptr_t pc,
                       std::uint32_t site, const char *role) {
  FindingSite s;
  if (pc != 0 && b.threads != nullptr) {
    b.threads->describe(thread, pc, site, role, s);
    return s;
  }
  s.role = role;
  s.pc = pc;
  s.site = pc != 0 ? site : kNoSite;
  s.has_thread = true;
  threadCoords(*b.launch, b.linear, thread, s.block, s.thread);
  return s;
}

} // namespace warpsim::sim
