#include "warpsim/model/Ptx.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <map>

namespace warpsim::model {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
    s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
    s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  int depth = 0;
  std::size_t start = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '[' || s[i] == '{')
      ++depth;
    else if (s[i] == ']' || s[i] == '}')
      --depth;
    else if (s[i] == sep && depth == 0) {
      out.push_back(trim(s.substr(start, i - start)));
      start = i + 1;
    }
  }
  out.push_back(trim(s.substr(start)));
  return out;
}

bool isIdent(std::string_view s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_' || s[0] == '$'))
    return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
  });
}

bool parseInt(std::string_view s, std::int64_t &v) {
  bool neg = false;
  if (!s.empty() && s[0] == '-') {
    neg = true;
    s.remove_prefix(1);
  }
  int base = 10;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    s.remove_prefix(2);
  }
  if (!s.empty() && (s.back() == 'U' || s.back() == 'u'))
    s.remove_suffix(1);
  std::uint64_t u = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), u, base);
  if (ec != std::errc() || p != s.data() + s.size() || s.empty())
    return false;
  v = neg ? -static_cast<std::int64_t>(u) : static_cast<std::int64_t>(u);
  return true;
}

constexpr std::string_view kSpecials[] = {"laneid",
                                          "warpid",
                                          "nwarpid",
                                          "tid.x",
                                          "tid.y",
                                          "tid.z",
                                          "ntid.x",
                                          "ntid.y",
                                          "ntid.z",
                                          "ctaid.x",
                                          "ctaid.y",
                                          "ctaid.z",
                                          "nctaid.x",
                                          "nctaid.y",
                                          "nctaid.z",
                                          "clock",
                                          "clock64",
                                          "lanemask_eq",
                                          "lanemask_lt",
                                          "lanemask_le",
                                          "lanemask_gt",
                                          "lanemask_ge",
                                          "dynamic_smem_size",
                                          "smid",
                                          "cluster_ctarank",
                                          "cluster_nctarank",
                                          "clusterid.x",
                                          "clusterid.y",
                                          "clusterid.z",
                                          "nclusterid.x",
                                          "nclusterid.y",
                                          "nclusterid.z",
                                          "cluster_ctaid.x",
                                          "cluster_ctaid.y",
                                          "cluster_ctaid.z",
                                          "cluster_nctaid.x",
                                          "cluster_nctaid.y",
                                          "cluster_nctaid.z",
                                          "is_explicit_cluster"};

class Parser {
public:
  Parser(PtxProgram &out, std::string &error) : out_(out), error_(error) {}

  bool run(std::string_view text) {
    // Comments go; braces only scope registers, which are all local here,
    // except a vector operand's ({%0, %1} after an opcode), which stays.
    std::string clean;
    bool vector = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (text[i] == '/' && i + 1 < text.size() && text[i + 1] == '/') {
        while (i < text.size() && text[i] != '\n')
          ++i;
        clean += '\n';
        continue;
      }
      if (text[i] == '%' && i + 1 < text.size() && text[i + 1] == '%')
        ++i; // extended asm writes a literal % as %%
      if (text[i] == '{' && !vector) {
        const std::size_t last = clean.find_last_not_of(" \t\n\r");
        vector = last != std::string::npos && clean[last] != ';' && clean[last] != ':';
        clean += vector ? '{' : ';';
        continue;
      }
      if (text[i] == '}') {
        clean += vector ? '}' : ';';
        vector = false;
        continue;
      }
      clean += text[i];
    }
    for (std::string_view stmt : splitStatements(clean))
      if (!statement(stmt))
        return false;
    for (auto &[index, label] : branches_) {
      auto it = labels_.find(label);
      if (it == labels_.end())
        return fail("inline PTX branches to an undefined label '" + label + "'");
      out_.code[index].target = it->second;
    }
    return true;
  }

private:
  PtxProgram &out_;
  std::string &error_;
  std::map<std::string, std::uint32_t, std::less<>> labels_;
  std::vector<std::pair<std::size_t, std::string>> branches_;

  static std::vector<std::string_view> splitStatements(std::string_view s) {
    std::vector<std::string_view> out;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= s.size(); ++i)
      if (i == s.size() || s[i] == ';') {
        if (std::string_view t = trim(s.substr(start, i - start)); !t.empty())
          out.push_back(t);
        start = i + 1;
      }
    return out;
  }

  bool fail(std::string m) {
    error_ = std::move(m);
    return false;
  }
  bool unsupported(std::string_view stmt) {
    return fail("unsupported inline PTX instruction '" + std::string(stmt) + "'");
  }

  bool statement(std::string_view s) {
    // Labels: NAME: (possibly several, possibly alone).
    for (;;) {
      const std::size_t colon = s.find(':');
      if (colon == std::string_view::npos || !isIdent(trim(s.substr(0, colon))) ||
          (colon + 1 < s.size() && s[colon + 1] == ':'))
        break;
      labels_[std::string(trim(s.substr(0, colon)))] = static_cast<std::uint32_t>(out_.code.size());
      s = trim(s.substr(colon + 1));
    }
    if (s.empty())
      return true;
    if (s.substr(0, 4) == ".reg")
      return declare(s);
    PtxInstr in;
    in.text = std::string(s);
    if (s[0] == '@') {
      std::size_t sp = s.find_first_of(" \t\n");
      if (sp == std::string_view::npos)
        return unsupported(s);
      std::string_view g = s.substr(1, sp - 1);
      in.guarded = true;
      if (!g.empty() && g[0] == '!') {
        in.guardNegate = true;
        g.remove_prefix(1);
      }
      if (!operand(g, in.guard) || (in.guard.kind != PtxOperand::Kind::Register &&
                                    in.guard.kind != PtxOperand::Kind::Operand))
        return fail("inline PTX guard '@" + std::string(g) + "' is not a predicate register");
      s = trim(s.substr(sp));
    }
    const std::size_t sp = s.find_first_of(" \t\n");
    const std::string_view opcode = s.substr(0, sp);
    const std::string_view rest = sp == std::string_view::npos ? "" : trim(s.substr(sp));
    std::vector<std::string_view> parts = split(opcode, '.');
    unsigned vectors = 0;
    if (!rest.empty())
      for (std::string_view a : split(rest, ',')) {
        // elect.sync d|p, mask: two destinations.
        if (const std::size_t bar = a.find('|'); bar != std::string_view::npos) {
          PtxOperand x, y;
          if (!operand(trim(a.substr(0, bar)), x) || !operand(trim(a.substr(bar + 1)), y))
            return fail("malformed inline PTX operand '" + std::string(a) + "' in '" + in.text +
                        "'");
          in.args.push_back(x);
          in.args.push_back(y);
          continue;
        }
        // A tensor-map operand [map, {c0, .., cN-1}] (tensor copies): the
        // map's address, then the N coordinates (1..5).
        if (a.size() > 2 && a.front() == '[' && a.back() == ']' &&
            a.find('{') != std::string_view::npos) {
          const std::vector<std::string_view> parts2 = split(a.substr(1, a.size() - 2), ',');
          std::vector<std::string_view> elems;
          if (parts2.size() == 2 && parts2[1].size() > 2 && parts2[1].front() == '{' &&
              parts2[1].back() == '}')
            elems = split(parts2[1].substr(1, parts2[1].size() - 2), ',');
          PtxOperand map;
          if (elems.empty() || elems.size() > 5 || in.coords != 0 ||
              !operand("[" + std::string(parts2[0]) + "]", map))
            return fail("malformed inline PTX operand '" + std::string(a) + "' in '" + in.text +
                        "'");
          in.tensorAt = static_cast<std::uint32_t>(in.args.size());
          in.coords = static_cast<std::uint32_t>(elems.size());
          in.args.push_back(map);
          in.groups.push_back(1);
          for (std::string_view e : elems) {
            PtxOperand o;
            if (!operand(e, o) || o.kind == PtxOperand::Kind::Address)
              return fail("malformed inline PTX operand '" + std::string(a) + "' in '" + in.text +
                          "'");
            in.args.push_back(o);
            in.groups.push_back(1);
          }
          continue;
        }
        // A vector operand {a, b{, c, d}}: its elements, in order (1, 2, 4
        // or 8 of them; several vectors only in matrix instructions).
        if (!a.empty() && a.front() == '{') {
          const std::vector<std::string_view> elems = a.back() == '}'
                                                          ? split(a.substr(1, a.size() - 2), ',')
                                                          : std::vector<std::string_view>{};
          // (3: the im2col offsets of a 5-d tensor copy; wgmma's accumulators:
          // up to 128, always an even count)
          const bool three = elems.size() == 3 && opcode.find(".im2col") != std::string_view::npos;
          if (elems.empty() || elems.size() > 128 ||
              (elems.size() != 1 && elems.size() % 2 != 0 && !three))
            return fail("malformed inline PTX operand '" + std::string(a) + "' in '" + in.text +
                        "'");
          for (std::string_view e : elems) {
            PtxOperand o;
            if (!operand(e, o) || o.kind == PtxOperand::Kind::Address)
              return fail("malformed inline PTX operand '" + std::string(a) + "' in '" + in.text +
                          "'");
            in.args.push_back(o);
          }
          in.groups.push_back(static_cast<std::uint8_t>(elems.size()));
          if (++vectors == 1) {
            in.vecFirst = in.args.size() == elems.size();
            in.vec = static_cast<std::uint32_t>(elems.size());
          }
          continue;
        }
        PtxOperand o;
        if (!operand(a, o))
          return fail("malformed inline PTX operand '" + std::string(a) + "' in '" + in.text + "'");
        in.args.push_back(o);
        in.groups.push_back(1);
      }
    if (!classify(parts, in))
      return unsupported(s);
    const bool tensor =
        in.op == PtxOp::CpAsyncBulkTensorLoad || in.op == PtxOp::CpAsyncBulkTensorStore ||
        in.op == PtxOp::CpReduceAsyncBulkTensor || in.op == PtxOp::CpAsyncBulkPrefetchTensor;
    if (in.coords != 0 && !tensor)
      return unsupported(s);
    const bool matrix = in.op == PtxOp::MmaSync || in.op == PtxOp::Ldmatrix ||
                        in.op == PtxOp::Stmatrix || in.op == PtxOp::Movmatrix ||
                        in.op == PtxOp::WgmmaMma;
    if (in.im2col && vectors == 1 && in.vec == in.coords - 2) {
      // the im2col offsets: checked by tensor()
    } else if (!matrix && (vectors > 1 || (vectors == 1 && in.vec != 2 && in.vec != 4) ||
                           (in.vec != 1 && in.op != PtxOp::Ld && in.op != PtxOp::St &&
                            in.op != PtxOp::MovPack && in.op != PtxOp::MovUnpack)))
      return unsupported(s);
    if (in.op == PtxOp::Bra)
      branches_.emplace_back(out_.code.size(), in.args[0].name);
    out_.code.push_back(std::move(in));
    return true;
  }

  bool declare(std::string_view s) {
    // .reg .type name{, name}  or  .reg .type name<N>
    std::string_view rest = trim(s.substr(4));
    if (rest.empty() || rest[0] != '.')
      return fail("malformed inline PTX declaration '" + std::string(s) + "'");
    const std::size_t sp = rest.find_first_of(" \t\n");
    if (sp == std::string_view::npos)
      return fail("malformed inline PTX declaration '" + std::string(s) + "'");
    for (std::string_view name : split(trim(rest.substr(sp)), ',')) {
      if (const std::size_t lt = name.find('<'); lt != std::string_view::npos) {
        std::int64_t n = 0;
        if (name.back() != '>' || !parseInt(name.substr(lt + 1, name.size() - lt - 2), n) ||
            n < 0 || n > 4096)
          return fail("malformed inline PTX declaration '" + std::string(s) + "'");
        for (std::int64_t i = 0; i < n; ++i)
          out_.registers.push_back(std::string(name.substr(0, lt)) + std::to_string(i));
        continue;
      }
      if (name.empty())
        return fail("malformed inline PTX declaration '" + std::string(s) + "'");
      out_.registers.emplace_back(name);
    }
    return true;
  }

  bool reg(std::string_view name, PtxOperand &o) const {
    for (std::size_t i = out_.registers.size(); i-- > 0;)
      if (out_.registers[i] == name) {
        o.kind = PtxOperand::Kind::Register;
        o.index = static_cast<std::uint32_t>(i);
        return true;
      }
    return false;
  }

  bool operand(std::string_view a, PtxOperand &o) {
    a = trim(a);
    if (a.empty())
      return false;
    if (a[0] == '!') {
      o.negate = true;
      a = trim(a.substr(1));
    }
    if (a == "_") {
      o.kind = PtxOperand::Kind::Sink;
      return true;
    }
    if (a[0] == '[') {
      if (a.back() != ']')
        return false;
      std::string_view in = trim(a.substr(1, a.size() - 2));
      std::int64_t off = 0;
      if (const std::size_t plus = in.find_first_of("+-", 1); plus != std::string_view::npos) {
        std::string_view num = trim(in.substr(plus + 1));
        if (!parseInt(num, off))
          return false;
        if (in[plus] == '-')
          off = -off;
        in = trim(in.substr(0, plus));
      }
      PtxOperand base;
      if (!operand(in, base) ||
          (base.kind != PtxOperand::Kind::Operand && base.kind != PtxOperand::Kind::Register &&
           base.kind != PtxOperand::Kind::Immediate))
        return false;
      o.kind = PtxOperand::Kind::Address;
      o.base = base.kind;
      o.baseIndex = base.index;
      o.imm = off + (base.kind == PtxOperand::Kind::Immediate ? base.imm : 0);
      return true;
    }
    if (a[0] == '%') {
      std::string_view n = a.substr(1);
      std::int64_t v = 0;
      if (parseInt(n, v) && v >= 0 && n[0] != '-') {
        o.kind = PtxOperand::Kind::Operand;
        o.index = static_cast<std::uint32_t>(v);
        return true;
      }
      if (reg(a, o) || reg(n, o))
        return true;
      for (std::string_view sp : kSpecials)
        if (n == sp) {
          o.kind = PtxOperand::Kind::Special;
          o.name = std::string(n);
          return true;
        }
      return false;
    }
    if (parseInt(a, o.imm)) {
      o.kind = PtxOperand::Kind::Immediate;
      return true;
    }
    if (reg(a, o))
      return true;
    if (isIdent(a)) {
      o.kind = PtxOperand::Kind::Label;
      o.name = std::string(a);
      return true;
    }
    return false;
  }

  static bool has(const std::vector<std::string_view> &parts, std::string_view p) {
    return std::find(parts.begin(), parts.end(), p) != parts.end();
  }

  // Drops the modifiers that change nothing here, then checks what is left
  // against the forms warpsim executes.
  static bool widthOf(std::string_view t, PtxInstr &in) {
    if (t == "pred") {
      in.bits = 1;
      return true;
    }
    if (t.size() < 2 || (t[0] != 'b' && t[0] != 'u' && t[0] != 's' && t[0] != 'f'))
      return false;
    std::int64_t n = 0;
    if (!parseInt(t.substr(1), n) || (n != 16 && n != 32 && n != 64 && n != 8))
      return false;
    in.bits = static_cast<std::uint32_t>(n);
    in.isSigned = t[0] == 's';
    in.isFloat = t[0] == 'f';
    return true;
  }

  bool classify(std::vector<std::string_view> parts, PtxInstr &in) {
    const std::string_view head = parts[0];
    const std::size_t n = in.args.size();
    auto strip = [&](std::initializer_list<std::string_view> drop) {
      parts.erase(std::remove_if(parts.begin() + 1, parts.end(),
                                 [&](std::string_view p) {
                                   return std::find(drop.begin(), drop.end(), p) != drop.end();
                                 }),
                  parts.end());
    };
    if (head == "mma" || head == "ldmatrix" || head == "stmatrix" || head == "movmatrix")
      return matrix(parts, in);
    if (head == "wgmma")
      return wgmma(parts, in);
    // The register count is an immediate multiple of 8 in 24..256 (PTX).
    if (head == "setmaxnreg" && parts.size() == 5 && (parts[1] == "inc" || parts[1] == "dec") &&
        parts[2] == "sync" && parts[3] == "aligned" && parts[4] == "u32" && n == 1 &&
        in.args[0].kind == PtxOperand::Kind::Immediate && in.args[0].imm >= 24 &&
        in.args[0].imm <= 256 && in.args[0].imm % 8 == 0) {
      in.op = PtxOp::Setmaxnreg;
      return true;
    }
    if (head == "barrier" && parts.size() >= 3 && parts[1] == "cluster" && n == 0) {
      strip({"aligned"});
      if (parts[2] == "arrive" && parts.size() <= 4) {
        in.op = PtxOp::BarrierClusterArrive;
        in.relaxed = parts.size() == 4 && parts[3] == "relaxed";
        return parts.size() == 3 || parts[3] == "release" || in.relaxed;
      }
      if (parts[2] == "wait" && parts.size() <= 4) {
        in.op = PtxOp::BarrierClusterWait;
        return parts.size() == 3 || parts[3] == "acquire";
      }
      return false;
    }
    if ((head == "mapa" || head == "getctarank") && parts.size() >= 2 && parts.size() <= 3) {
      const bool mapa = head == "mapa";
      if (n != (mapa ? 3u : 2u) || (parts.size() == 3 && parts[1] != "shared::cluster"))
        return false;
      in.op = mapa ? PtxOp::Mapa : PtxOp::GetCtaRank;
      in.space = parts.size() == 3 ? PtxInstr::Space::SharedCluster : PtxInstr::Space::Generic;
      return (parts.back() == "u32" || parts.back() == "u64") && widthOf(parts.back(), in);
    }
    if ((head == "ld" || head == "st") && parts.size() >= 2)
      return loadStore(parts, in, n);
    if ((head == "atom" || head == "red") && parts.size() >= 3)
      return atomic(parts, in, n);
    if (head == "bar" || head == "barrier") {
      strip({"cta", "aligned"});
      if (parts.size() == 2 && parts[1] == "sync" && (n == 1 || n == 2)) {
        in.op = PtxOp::BarSync;
        return true;
      }
      if (parts.size() == 2 && parts[1] == "arrive" && n == 2) {
        in.op = PtxOp::BarArrive;
        return true;
      }
      if (parts.size() == 4 && parts[1] == "red" && (n == 3 || n == 4)) {
        in.op = PtxOp::BarRed;
        if (parts[2] == "popc" && parts[3] == "u32")
          in.red = BarrierKind::Count;
        else if (parts[2] == "and" && parts[3] == "pred")
          in.red = BarrierKind::And;
        else if (parts[2] == "or" && parts[3] == "pred")
          in.red = BarrierKind::Or;
        else
          return false;
        return true;
      }
      return false;
    }
    if (head == "mbarrier") {
      // .relaxed: an arrival that releases nothing; .cluster: the release
      // or acquire reaches the cluster; .shared::cluster: the object may be
      // a peer CTA's (arrivals and tx-counts only).
      in.relaxed = has(parts, "relaxed");
      if (has(parts, "cluster"))
        in.scope = Scope::Cluster;
      if (has(parts, "shared::cluster"))
        in.space = PtxInstr::Space::SharedCluster;
      if (in.relaxed && (has(parts, "release") || has(parts, "acquire")))
        return false;
      strip({"shared", "shared::cta", "shared::cluster", "b64", "release", "acquire", "relaxed",
             "cta", "cluster"});
      if (parts.size() < 2)
        return false;
      in.op = PtxOp::MBarrier;
      const std::string_view what = parts[1];
      const bool parity = has(parts, "parity");
      const bool noComplete = has(parts, "noComplete");
      const bool expectTx = has(parts, "expect_tx");
      const std::size_t mods = parts.size() - 2;
      if (what == "init" && mods == 0 && n == 2)
        in.mbar = MBarrierOp::Init;
      else if (what == "inval" && mods == 0 && n == 1)
        in.mbar = MBarrierOp::Inval;
      else if (what == "arrive" && expectTx && mods == 1 && (n == 3 || n == 4))
        in.mbar = MBarrierOp::ArriveExpectTx;
      else if (what == "arrive" && noComplete && mods == 1 && n == 3)
        in.mbar = MBarrierOp::ArriveNoComplete;
      else if (what == "arrive" && mods == 0 && (n == 2 || n == 3))
        in.mbar = MBarrierOp::Arrive;
      else if (what == "arrive_drop" && mods == 0 && (n == 2 || n == 3))
        in.mbar = MBarrierOp::ArriveDrop;
      else if (what == "expect_tx" && mods == 0 && n == 2)
        in.mbar = MBarrierOp::ExpectTx;
      else if (what == "complete_tx" && mods == 0 && n == 2)
        in.mbar = MBarrierOp::CompleteTx;
      else if (what == "test_wait" && mods == (parity ? 1u : 0u) && n == 3)
        in.mbar = parity ? MBarrierOp::TestWaitParity : MBarrierOp::TestWait;
      else if (what == "try_wait" && mods == (parity ? 1u : 0u) && (n == 3 || n == 4))
        in.mbar = parity ? MBarrierOp::TryWaitParity : MBarrierOp::TryWait;
      else
        return false;
      // The address operand is the first (init, inval, tx) or the second.
      const std::size_t at = (in.mbar == MBarrierOp::Init || in.mbar == MBarrierOp::Inval ||
                              in.mbar == MBarrierOp::ExpectTx || in.mbar == MBarrierOp::CompleteTx)
                                 ? 0
                                 : 1;
      // A peer CTA's mbarrier takes arrivals and tx-counts, not init or waits;
      // a relaxed wait does not exist.
      const bool remoteOk = in.mbar == MBarrierOp::Arrive || in.mbar == MBarrierOp::ArriveDrop ||
                            in.mbar == MBarrierOp::ArriveExpectTx ||
                            in.mbar == MBarrierOp::ExpectTx || in.mbar == MBarrierOp::CompleteTx;
      if (in.space == PtxInstr::Space::SharedCluster && !remoteOk)
        return false;
      if (in.relaxed && model::isMBarrierWait(in.mbar))
        return false;
      return in.args[at].kind == PtxOperand::Kind::Address;
    }
    if (head == "cp" && parts.size() >= 3 && parts[1] == "async" && parts[2] == "bulk")
      return bulk(in, parts, n);
    if (head == "cp" && parts.size() >= 6 && parts[1] == "reduce" && parts[2] == "async" &&
        parts[3] == "bulk" && parts[4] == "tensor") {
      // The reduction's operator comes after the state spaces; the rest is
      // a tensor store's form.
      std::vector<std::string_view> rest(parts.begin() + 4, parts.end());
      if (rest.size() < 5)
        return false;
      const std::string_view op = rest[4];
      static constexpr std::pair<std::string_view, ReduceOp> kOps[] = {
          {"add", ReduceOp::Add}, {"min", ReduceOp::Min}, {"max", ReduceOp::Max},
          {"inc", ReduceOp::Inc}, {"dec", ReduceOp::Dec}, {"and", ReduceOp::And},
          {"or", ReduceOp::Or},   {"xor", ReduceOp::Xor}};
      const auto *found = std::find_if(std::begin(kOps), std::end(kOps),
                                       [&](const auto &k) { return k.first == op; });
      if (found == std::end(kOps))
        return false;
      in.redOp = found->second;
      rest.erase(rest.begin() + 4);
      if (!tensor(in, rest, n) || in.op != PtxOp::CpAsyncBulkTensorStore)
        return false;
      in.op = PtxOp::CpReduceAsyncBulkTensor;
      return true;
    }
    if (head == "cp" && parts.size() == 9 && parts[1] == "reduce" && parts[2] == "async" &&
        parts[3] == "bulk" && parts[4] == "global" && parts[5] == "shared::cta" &&
        parts[6] == "bulk_group" && n == 3 && in.args[0].kind == PtxOperand::Kind::Address &&
        in.args[1].kind == PtxOperand::Kind::Address) {
      in.op = PtxOp::CpReduceAsyncBulk;
      return parseBulkReduce(parts[7], parts[8], in.redOp, in.redType);
    }
    if (head == "fence" && parts.size() >= 3 && parts[1] == "proxy" && parts[2] == "async" &&
        n == 0) {
      // The state space, if given, only narrows what the fence orders.
      if (parts.size() == 4 && parts[3] != "shared::cta" && parts[3] != "shared::cluster" &&
          parts[3] != "global")
        return false;
      in.op = PtxOp::FenceProxyAsync;
      in.proxySpaces = parts.size() == 3 ? 3 : parts[3] == "global" ? 2 : 1;
      return parts.size() <= 4;
    }
    // fence.proxy.tensormap::generic.release.scope and
    // fence.proxy.tensormap::generic.acquire.scope [addr], 128.
    if (head == "fence" && parts.size() == 5 && parts[1] == "proxy" &&
        parts[2] == "tensormap::generic" && (parts[3] == "release" || parts[3] == "acquire")) {
      in.op = PtxOp::FenceProxyTensormap;
      in.order = parts[3] == "release" ? MemoryOrder::Release : MemoryOrder::Acquire;
      return scopeOf(parts[4], in.scope) && tensormapFenceOperands(in, n);
    }
    if (head == "tensormap" && parts.size() >= 2 && parts[1] == "replace")
      return tensormapReplace(in, parts, n);
    // tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release
    //   .scope.sync.aligned [dst], [src], 128
    if (head == "tensormap" && parts.size() == 9 && parts[1] == "cp_fenceproxy" &&
        parts[2] == "global" && parts[3] == "shared::cta" && parts[4] == "tensormap::generic" &&
        parts[5] == "release" && parts[7] == "sync" && parts[8] == "aligned" && n == 3 &&
        in.args[0].kind == PtxOperand::Kind::Address &&
        in.args[1].kind == PtxOperand::Kind::Address &&
        (in.args[2].kind == PtxOperand::Kind::Operand ||
         (in.args[2].kind == PtxOperand::Kind::Immediate && in.args[2].imm == 128))) {
      in.op = PtxOp::TensormapCpFenceproxy;
      in.order = MemoryOrder::Release;
      return scopeOf(parts[6], in.scope);
    }
    if (head == "cp" && parts.size() >= 2 && parts[1] == "async") {
      strip({"shared", "shared::cta", "global", "L2::64B", "L2::128B", "L2::256B", "b64"});
      if (parts.size() == 3 && (parts[2] == "ca" || parts[2] == "cg") && (n == 3 || n == 4) &&
          in.args[0].kind == PtxOperand::Kind::Address &&
          in.args[1].kind == PtxOperand::Kind::Address) {
        in.op = PtxOp::CpAsync;
        return true;
      }
      if (parts.size() == 3 && parts[2] == "commit_group" && n == 0) {
        in.op = PtxOp::CpAsyncCommit;
        return true;
      }
      if (parts.size() == 3 && parts[2] == "wait_group" && n == 1) {
        in.op = PtxOp::CpAsyncWait;
        return true;
      }
      if (parts.size() == 3 && parts[2] == "wait_all" && n == 0) {
        in.op = PtxOp::CpAsyncWaitAll;
        return true;
      }
      if (parts.size() >= 4 && parts[2] == "mbarrier" && parts[3] == "arrive" &&
          (parts.size() == 4 || (parts.size() == 5 && parts[4] == "noinc")) && n == 1 &&
          in.args[0].kind == PtxOperand::Kind::Address) {
        in.op = PtxOp::CpAsyncMBarrier;
        in.noinc = parts.size() == 5;
        return true;
      }
      return false;
    }
    if (head == "fence" && parts.size() == 4 && parts[1] == "mbarrier_init" &&
        parts[2] == "release" && parts[3] == "cluster" && n == 0) {
      in.op = PtxOp::Fence; // orders the thread's mbarrier inits before its later releases
      in.scope = Scope::Cluster;
      in.order = MemoryOrder::AcqRel;
      return true;
    }
    if (head == "membar" && parts.size() == 2 && n == 0) {
      in.op = PtxOp::Fence;
      in.sc = true;
      in.order = MemoryOrder::SeqCst;
      if (parts[1] == "cta")
        in.scope = Scope::Block;
      else if (parts[1] == "gl")
        in.scope = Scope::Device;
      else if (parts[1] == "sys")
        in.scope = Scope::System;
      else
        return false;
      return true;
    }
    if (head == "fence" && parts.size() == 3 && n == 0 &&
        (parts[1] == "sc" || parts[1] == "acq_rel")) {
      in.op = PtxOp::Fence;
      in.sc = parts[1] == "sc";
      in.order = in.sc ? MemoryOrder::SeqCst : MemoryOrder::AcqRel;
      return scopeOf(parts[2], in.scope);
    }
    if (head == "elect" && parts.size() == 2 && parts[1] == "sync" && n == 3) {
      in.op = PtxOp::ElectSync;
      return true;
    }
    // The forms CUB's warp shuffles write (cub/warp/specializations/*_shfl.cuh).
    if (head == "mov" && parts.size() == 2 && parts[1] == "b64" && n == 3 && in.vec == 2) {
      in.op = in.vecFirst ? PtxOp::MovUnpack : PtxOp::MovPack;
      in.bits = 64;
      return true;
    }
    if (head == "shfl" && parts.size() == 4 && parts[1] == "sync" && parts[3] == "b32" &&
        (n == 5 || n == 6)) {
      in.op = PtxOp::Shfl;
      if (parts[2] == "up")
        in.shfl = PtxInstr::ShflMode::Up;
      else if (parts[2] == "down")
        in.shfl = PtxInstr::ShflMode::Down;
      else if (parts[2] == "bfly")
        in.shfl = PtxInstr::ShflMode::Bfly;
      else if (parts[2] == "idx")
        in.shfl = PtxInstr::ShflMode::Idx;
      else
        return false;
      return true;
    }
    if (head == "vote" && parts.size() == 4 && parts[3] == "b32" && n == 3 &&
        ((parts[1] == "sync" && parts[2] == "ballot") ||
         (parts[1] == "ballot" && parts[2] == "sync"))) {
      in.op = PtxOp::VoteBallot;
      return true;
    }
    if (head == "add" && parts.size() == 2 && n == 3 && widthOf(parts[1], in) &&
        parts[1][0] != 'b' && in.bits >= 16 && (!in.isFloat || in.bits >= 32)) {
      in.op = PtxOp::Add;
      return true;
    }
    if ((head == "and" || head == "or" || head == "xor") && parts.size() == 2 && n == 3 &&
        parts[1][0] == 'b' && widthOf(parts[1], in) && in.bits >= 16) {
      in.op = PtxOp::And;
      in.logic = head == "and" ? '&' : head == "or" ? '|' : '^';
      return true;
    }
    if (head == "not" && parts.size() == 2 && n == 2 && parts[1][0] == 'b' &&
        widthOf(parts[1], in) && in.bits >= 16) {
      in.op = PtxOp::Not;
      return true;
    }
    if (head == "mov" && parts.size() == 2 && n == 2 && widthOf(parts[1], in)) {
      in.op = PtxOp::Mov;
      return !in.isFloat || in.args[1].kind != PtxOperand::Kind::Immediate;
    }
    // The integer helpers CUB's util_ptx.cuh writes (BFE, BFI, PRMT, SHR_ADD,
    // SHL_ADD, IADD3).
    if (head == "bfe" && parts.size() == 2 && n == 4 && widthOf(parts[1], in) && !in.isFloat &&
        (in.bits == 32 || in.bits == 64) && parts[1][0] != 'b') {
      in.op = PtxOp::Bfe;
      return true;
    }
    if (head == "bfi" && parts.size() == 2 && n == 5 && (parts[1] == "b32" || parts[1] == "b64") &&
        widthOf(parts[1], in)) {
      in.op = PtxOp::Bfi;
      return true;
    }
    if (head == "prmt" && parts.size() == 2 && parts[1] == "b32" && n == 4) {
      in.op = PtxOp::Prmt;
      return true;
    }
    if ((head == "vshr" || head == "vshl") && parts.size() == 6 && parts[1] == "u32" &&
        parts[2] == "u32" && parts[3] == "u32" && parts[4] == "clamp" && parts[5] == "add" &&
        n == 4) {
      in.op = head == "vshr" ? PtxOp::VideoShr : PtxOp::VideoShl;
      return true;
    }
    if (head == "vadd" && parts.size() == 5 && parts[1] == "u32" && parts[2] == "u32" &&
        parts[3] == "u32" && parts[4] == "add" && n == 4) {
      in.op = PtxOp::VideoAdd;
      return true;
    }
    if (head == "selp" && parts.size() == 2 && n == 4 && widthOf(parts[1], in)) {
      in.op = PtxOp::Selp;
      return true;
    }
    if (head == "setp" && parts.size() == 3 && n == 2 + 1 && widthOf(parts[2], in) && !in.isFloat) {
      in.op = PtxOp::Setp;
      static constexpr std::pair<std::string_view, PtxInstr::Cmp> cmps[] = {
          {"eq", PtxInstr::Cmp::Eq}, {"ne", PtxInstr::Cmp::Ne}, {"lt", PtxInstr::Cmp::Lt},
          {"le", PtxInstr::Cmp::Le}, {"gt", PtxInstr::Cmp::Gt}, {"ge", PtxInstr::Cmp::Ge},
          {"lo", PtxInstr::Cmp::Lt}, {"ls", PtxInstr::Cmp::Le}, {"hi", PtxInstr::Cmp::Gt},
          {"hs", PtxInstr::Cmp::Ge}};
      for (const auto &[name, c] : cmps)
        if (parts[1] == name) {
          in.cmp = c;
          return true;
        }
      return false;
    }
    if (head == "bra" && (parts.size() == 1 || (parts.size() == 2 && parts[1] == "uni")) &&
        n == 1 && in.args[0].kind == PtxOperand::Kind::Label) {
      in.op = PtxOp::Bra;
      return true;
    }
    return false;
  }

  static bool scopeOf(std::string_view p, Scope &scope) {
    if (p == "cta")
      scope = Scope::Block;
    else if (p == "cluster")
      scope = Scope::Cluster;
    else if (p == "gpu")
      scope = Scope::Device;
    else if (p == "sys")
      scope = Scope::System;
    else
      return false;
    return true;
  }
  static bool spaceOf(std::string_view p, PtxInstr::Space &space) {
    if (p == "shared" || p == "shared::cta")
      space = PtxInstr::Space::SharedCta;
    else if (p == "shared::cluster")
      space = PtxInstr::Space::SharedCluster;
    else if (p == "global")
      space = PtxInstr::Space::Global;
    else
      return false;
    return true;
  }

  // ld / st: at most one of each qualifier group, a scope exactly when the
  // order is .relaxed/.acquire/.release (PTX); cache operators and the
  // other qualifiers are not executed (an error naming the instruction).
  static bool cacheOperator(std::string_view p, bool load, PtxInstr &in) {
    if (load ? (p == "ca" || p == "cs" || p == "lu" || p == "nc") : (p == "wb" || p == "cs"))
      return true;
    if (p == "cg" || p == (load ? "cv" : "wt")) {
      in.order = MemoryOrder::Relaxed;
      in.scope = p == "cg" ? Scope::Device : Scope::System;
      return true;
    }
    return false;
  }

  static bool loadStore(const std::vector<std::string_view> &parts, PtxInstr &in, std::size_t n) {
    const bool load = parts[0] == "ld";
    bool haveSem = false, haveScope = false, haveSpace = false, haveVec = false, weak = false;
    bool haveCache = false;
    std::uint32_t vec = 1;
    Scope scope = Scope::Device;
    for (std::size_t i = 1; i + 1 < parts.size(); ++i) {
      const std::string_view p = parts[i];
      if (p == "weak" || p == "volatile" || p == "relaxed" || p == (load ? "acquire" : "release")) {
        if (haveSem)
          return false;
        haveSem = true;
        weak = p == "weak";
        if (p == "volatile") { // PTX: .volatile is .relaxed.sys
          in.order = MemoryOrder::Relaxed;
          in.scope = Scope::System;
        } else if (!weak) {
          in.order = p == "relaxed" ? MemoryOrder::Relaxed
                     : load         ? MemoryOrder::Acquire
                                    : MemoryOrder::Release;
        }
      } else if (scopeOf(p, scope)) {
        if (haveScope)
          return false;
        haveScope = true;
        in.scope = scope;
      } else if (spaceOf(p, in.space)) {
        if (haveSpace)
          return false;
        haveSpace = true;
      } else if (p == "v2" || p == "v4") {
        if (haveVec)
          return false;
        haveVec = true;
        vec = p == "v2" ? 2 : 4;
      } else if (!haveSem && !haveCache && cacheOperator(p, load, in)) {
        // A cache operator is a hint, except where it names the level the
        // access is coherent at: ld.cg/st.cg go to L2 (device scope, as CUB's
        // decoupled look-back relies on), ld.cv/st.wt to memory (system).
        haveCache = true;
      } else {
        return false; // eviction priorities, .v8, ...
      }
    }
    // .relaxed/.acquire/.release need a scope; .weak and .volatile take none.
    const bool needsScope = haveSem && !weak && !has(parts, "volatile");
    if (haveCache && haveSem)
      return false;
    if (haveScope != needsScope)
      return false;
    in.op = load ? PtxOp::Ld : PtxOp::St;
    if (vec != in.vec || n != vec + 1 || !widthOf(parts.back(), in) || in.bits < 8 ||
        in.bits * vec > 128)
      return false;
    return in.args[load ? vec : 0].kind == PtxOperand::Kind::Address;
  }

  // atom / red: .sem and .scope optional (.relaxed, .gpu when omitted), the
  // operation and a type PTX allows for it.
  static bool atomic(const std::vector<std::string_view> &parts, PtxInstr &in, std::size_t n) {
    const bool red = parts[0] == "red";
    bool haveSem = false, haveScope = false, haveSpace = false, haveOp = false;
    in.order = MemoryOrder::Relaxed;
    in.scope = Scope::Device;
    static constexpr std::pair<std::string_view, AtomicOp> ops[] = {
        {"and", AtomicOp::And}, {"or", AtomicOp::Or},         {"xor", AtomicOp::Xor},
        {"cas", AtomicOp::Cas}, {"exch", AtomicOp::Exchange}, {"add", AtomicOp::Add},
        {"inc", AtomicOp::Inc}, {"dec", AtomicOp::Dec},       {"min", AtomicOp::Min},
        {"max", AtomicOp::Max}};
    for (std::size_t i = 1; i + 1 < parts.size(); ++i) {
      const std::string_view p = parts[i];
      if (p == "relaxed" || p == "acquire" || p == "release" || p == "acq_rel") {
        if (haveSem || haveOp || (red && (p == "acquire" || p == "acq_rel")))
          return false;
        haveSem = true;
        in.order = p == "relaxed"   ? MemoryOrder::Relaxed
                   : p == "acquire" ? MemoryOrder::Acquire
                   : p == "release" ? MemoryOrder::Release
                                    : MemoryOrder::AcqRel;
        continue;
      }
      if (scopeOf(p, in.scope)) {
        if (haveScope || haveOp)
          return false;
        haveScope = true;
        continue;
      }
      if (spaceOf(p, in.space)) {
        if (haveSpace || haveOp)
          return false;
        haveSpace = true;
        continue;
      }
      bool matched = false;
      for (const auto &[name, op] : ops)
        if (p == name && !haveOp) {
          in.atomOp = op;
          haveOp = matched = true;
        }
      if (!matched)
        return false;
    }
    const std::string_view t = parts.back();
    if (!haveOp || !widthOf(t, in))
      return false;
    bool typeOk = false;
    switch (in.atomOp) {
    case AtomicOp::And:
    case AtomicOp::Or:
    case AtomicOp::Xor:
    case AtomicOp::Exchange:
      typeOk = t == "b32" || t == "b64";
      break;
    case AtomicOp::Cas:
      typeOk = t == "b16" || t == "b32" || t == "b64";
      break;
    case AtomicOp::Add:
      typeOk = t == "u32" || t == "s32" || t == "u64" || t == "f32" || t == "f64";
      break;
    case AtomicOp::Inc:
    case AtomicOp::Dec:
      typeOk = t == "u32";
      break;
    case AtomicOp::Min:
    case AtomicOp::Max:
      typeOk = t == "u32" || t == "s32" || t == "u64" || t == "s64";
      break;
    default:
      break;
    }
    if (!typeOk)
      return false;
    if (red) {
      in.op = PtxOp::Red;
      return in.atomOp != AtomicOp::Cas && in.atomOp != AtomicOp::Exchange && n == 2 &&
             in.args[0].kind == PtxOperand::Kind::Address;
    }
    in.op = PtxOp::Atom;
    return n == (in.atomOp == AtomicOp::Cas ? 4u : 3u) &&
           in.args[1].kind == PtxOperand::Kind::Address;
  }

  static bool mmaType(std::string_view p, MmaType &t) {
    static constexpr std::pair<std::string_view, MmaType> types[] = {
        {"f16", MmaType::F16},  {"bf16", MmaType::BF16}, {"tf32", MmaType::TF32},
        {"f32", MmaType::F32},  {"f64", MmaType::F64},   {"s8", MmaType::S8},
        {"u8", MmaType::U8},    {"s32", MmaType::S32},   {"e4m3", MmaType::E4M3},
        {"e5m2", MmaType::E5M2}};
    for (const auto &[name, type] : types)
      if (p == name) {
        t = type;
        return true;
      }
    return false;
  }

  // wgmma.fence / commit_group / wait_group / mma_async (all .sync.aligned).
  static bool wgmma(const std::vector<std::string_view> &parts, PtxInstr &in) {
    const std::vector<std::uint8_t> &g = in.groups;
    const std::size_t n = in.args.size();
    if (parts.size() < 4 || parts[2] != "sync" || parts[3] != "aligned")
      return false;
    if (parts[1] == "fence" && parts.size() == 4 && n == 0) {
      in.op = PtxOp::WgmmaFence;
      return true;
    }
    if (parts[1] == "commit_group" && parts.size() == 4 && n == 0) {
      in.op = PtxOp::WgmmaCommit;
      return true;
    }
    if (parts[1] == "wait_group" && parts.size() == 4 && n == 1 &&
        in.args[0].kind != PtxOperand::Kind::Address) {
      in.op = PtxOp::WgmmaWait;
      return true;
    }
    // mma_async.sync.aligned.m64nNkK.dtype.atype.btype
    if (parts[1] != "mma_async" || parts.size() != 8)
      return false;
    in.op = PtxOp::WgmmaMma;
    unsigned m = 0, nn = 0, k = 0;
    const std::string shape(parts[4]);
    if (std::sscanf(shape.c_str(), "m%un%uk%u", &m, &nn, &k) != 3 ||
        shape != "m" + std::to_string(m) + "n" + std::to_string(nn) + "k" + std::to_string(k) ||
        m != 64)
      return false;
    WgmmaShape s;
    s.n = nn;
    s.k = k;
    if (!mmaType(parts[5], s.d) || !mmaType(parts[6], s.a) || !mmaType(parts[7], s.b) ||
        !wgmmaUnsupported(s).empty())
      return false;
    in.wgmma = s;
    // {d..}, a, b-desc, scale-d, imm-scale-a, imm-scale-b{, trans-a}{, trans-b}
    if (g.size() < 6 || g[0] != wgmmaDRegisters(s) || g[2] != 1)
      return false;
    in.wgmmaRegA = g[1] == 4;
    if (g[1] != 1 && g[1] != 4)
      return false;
    const std::size_t trans = wgmmaTransposable(s) ? (in.wgmmaRegA ? 1 : 2) : 0;
    if (g.size() != 6 + trans)
      return false;
    for (std::size_t i = 3; i < g.size(); ++i)
      if (g[i] != 1)
        return false;
    return std::none_of(in.args.begin(), in.args.end(), [](const PtxOperand &o) {
      return o.kind == PtxOperand::Kind::Address || o.kind == PtxOperand::Kind::Label;
    });
  }

  // The matrix instructions: each operand group must have the register
  // count the form needs (PTX's fragment sizes).
  static bool matrix(const std::vector<std::string_view> &parts, PtxInstr &in) {
    const std::string_view head = parts[0];
    const std::vector<std::uint8_t> &g = in.groups;
    if (parts.size() < 4 || parts[1] != "sync" || parts[2] != "aligned")
      return false;
    if (head == "movmatrix") {
      in.op = PtxOp::Movmatrix;
      in.trans = true;
      return parts.size() == 6 && parts[3] == "m8n8" && parts[4] == "trans" && parts[5] == "b16" &&
             g.size() == 2 && g[0] == 1 && g[1] == 1 &&
             in.args[1].kind != PtxOperand::Kind::Address;
    }
    if (head == "ldmatrix" || head == "stmatrix") {
      const bool load = head == "ldmatrix";
      in.op = load ? PtxOp::Ldmatrix : PtxOp::Stmatrix;
      std::size_t i = 3;
      if (parts[i++] != "m8n8" || i >= parts.size())
        return false;
      const std::string_view x = parts[i++];
      if (x != "x1" && x != "x2" && x != "x4")
        return false;
      in.count = x == "x1" ? 1 : x == "x2" ? 2 : 4;
      if (i < parts.size() && parts[i] == "trans") {
        in.trans = true;
        ++i;
      }
      if (i < parts.size() && (parts[i] == "shared" || parts[i] == "shared::cta"))
        ++i;
      if (i + 1 != parts.size() || parts[i] != "b16" || g.size() != 2)
        return false;
      const std::size_t regs = load ? 0 : 1, addr = load ? 1 : 0;
      return g[regs] == in.count && g[addr] == 1 &&
             in.args[load ? in.count : 0].kind == PtxOperand::Kind::Address;
    }
    // mma.sync.aligned.SHAPE.row.col{.satfinite}.D.A.B.C
    in.op = PtxOp::MmaSync;
    if (head != "mma" || parts.size() < 10)
      return false;
    const std::string_view shape = parts[3];
    unsigned m = 0, n = 0, k = 0;
    if (std::sscanf(std::string(shape).c_str(), "m%un%uk%u", &m, &n, &k) != 3 ||
        shape != "m" + std::to_string(m) + "n" + std::to_string(n) + "k" + std::to_string(k))
      return false;
    if (parts[4] != "row" || parts[5] != "col")
      return false;
    std::size_t i = 6;
    if (parts[i] == "satfinite") {
      in.satfinite = true;
      ++i;
    }
    MmaType d, a, b, c;
    if (i + 4 != parts.size() || !mmaType(parts[i], d) || !mmaType(parts[i + 1], a) ||
        !mmaType(parts[i + 2], b) || !mmaType(parts[i + 3], c))
      return false;
    // One type for A and B, one for C and D (mixed forms are not executed).
    if (a != b || c != d)
      return false;
    in.mma = MmaShape{m, n, k, a, d};
    if (!mmaSupported(in.mma) || (in.satfinite && d != MmaType::S32))
      return false;
    // Registers per operand: 32-bit ones packing 16- or 8-bit elements.
    auto regs = [&](MmaOperand op, MmaType t) {
      const std::uint32_t bits = mmaElements(in.mma, op) * mmaTypeBits(t);
      return t == MmaType::F64 ? bits / 64 : bits / 32;
    };
    return g.size() == 4 && g[0] == regs(MmaOperand::C, d) && g[1] == regs(MmaOperand::A, a) &&
           g[2] == regs(MmaOperand::B, b) && g[3] == regs(MmaOperand::C, c);
  }

  // The tensormap fence's operands: none for the release, [addr], 128 for
  // the acquire.
  static bool tensormapFenceOperands(const PtxInstr &in, std::size_t n) {
    if (in.order == MemoryOrder::Release)
      return n == 0;
    return n == 2 && in.args[0].kind == PtxOperand::Kind::Address &&
           in.args[1].kind == PtxOperand::Kind::Immediate && in.args[1].imm == 128;
  }

  // tensormap.replace.tile.FIELD{.global|.shared::cta}.b1024.TYPE [map]{, ord}, value
  // (the fields with an ordinal: box_dim, global_dim, global_stride,
  // element_stride; b64 for global_address and global_stride, b32 else).
  static bool tensormapReplace(PtxInstr &in, const std::vector<std::string_view> &parts,
                               std::size_t n) {
    static constexpr std::pair<std::string_view, TensorMapField> kFields[] = {
        {"global_address", TensorMapField::GlobalAddress},
        {"rank", TensorMapField::Rank},
        {"box_dim", TensorMapField::BoxDim},
        {"global_dim", TensorMapField::GlobalDim},
        {"global_stride", TensorMapField::GlobalStride},
        {"element_stride", TensorMapField::ElementStride},
        {"elemtype", TensorMapField::ElemType},
        {"interleave_layout", TensorMapField::Interleave},
        {"swizzle_mode", TensorMapField::Swizzle},
        {"swizzle_atomicity", TensorMapField::SwizzleAtomicity},
        {"fill_mode", TensorMapField::FillMode}};
    std::size_t i = 2;
    if (parts.size() < 6 || parts[i++] != "tile")
      return false;
    const auto *f = std::find_if(std::begin(kFields), std::end(kFields),
                                 [&](const auto &k) { return k.first == parts[i]; });
    if (f == std::end(kFields))
      return false;
    in.field = f->second;
    ++i;
    in.space = PtxInstr::Space::Generic;
    if (parts[i] == "global" || parts[i] == "shared::cta") {
      in.space = parts[i] == "global" ? PtxInstr::Space::Global : PtxInstr::Space::SharedCta;
      ++i;
    }
    const bool wide =
        in.field == TensorMapField::GlobalAddress || in.field == TensorMapField::GlobalStride;
    if (i + 2 != parts.size() || parts[i] != "b1024" || parts[i + 1] != (wide ? "b64" : "b32"))
      return false;
    const bool ordinal =
        in.field == TensorMapField::BoxDim || in.field == TensorMapField::GlobalDim ||
        in.field == TensorMapField::GlobalStride || in.field == TensorMapField::ElementStride;
    in.op = PtxOp::TensormapReplace;
    if (n != (ordinal ? 3u : 2u) || in.args[0].kind != PtxOperand::Kind::Address ||
        in.args[n - 1].kind == PtxOperand::Kind::Address)
      return false;
    // The ordinal is an immediate in PTX (an "n" operand through cuda::ptx).
    return !ordinal || in.args[1].kind != PtxOperand::Kind::Register;
  }

  // cp.async.bulk forms (parts[0..2] are cp, async, bulk).
  static bool bulk(PtxInstr &in, const std::vector<std::string_view> &parts, std::size_t n) {
    auto addr = [&](std::size_t i) { return in.args[i].kind == PtxOperand::Kind::Address; };
    std::vector<std::string_view> rest(parts.begin() + 3, parts.end());
    if (!rest.empty() && rest[0] == "tensor")
      return tensor(in, rest, n);
    if (rest.size() >= 2 && rest[0] == "prefetch" && rest[1] == "tensor") {
      // cp.async.bulk.prefetch.tensor.Nd.L2.global{.tile}{.L2::cache_hint}
      rest.erase(rest.begin());
      if (rest.size() < 2 || rest[1].size() != 2 || rest[1][1] != 'd' || rest[1][0] < '1' ||
          rest[1][0] > '5' || in.coords != static_cast<std::uint32_t>(rest[1][0] - '0') ||
          in.tensorAt != 0)
        return false;
      rest.erase(rest.begin(), rest.begin() + 2);
      rest.erase(std::remove(rest.begin(), rest.end(), "tile"), rest.end());
      const bool hint = !rest.empty() && rest.back() == "L2::cache_hint";
      if (hint)
        rest.pop_back();
      // .im2col: the offsets {o..} (one per spatial dimension) after the
      // tensor operand.
      if (rest.size() == 3 && rest[2] == "im2col") {
        if (!im2colOffsets(in, 1 + in.coords))
          return false;
        rest.pop_back();
      }
      const std::size_t offs = in.im2col ? in.coords - 2 : 0;
      if (rest.size() != 2 || rest[0] != "L2" || rest[1] != "global" ||
          n != 1 + in.coords + offs + (hint ? 1 : 0))
        return false;
      in.op = PtxOp::CpAsyncBulkPrefetchTensor;
      return true;
    }
    if (rest.size() == 1 && rest[0] == "commit_group" && n == 0) {
      in.op = PtxOp::CpAsyncBulkCommit;
      return true;
    }
    if (!rest.empty() && rest[0] == "wait_group" && n == 1 &&
        (rest.size() == 1 || (rest.size() == 2 && rest[1] == "read"))) {
      in.op = PtxOp::CpAsyncBulkWait;
      in.read = rest.size() == 2;
      return true;
    }
    // The load's optional qualifiers: .multicast::cluster (a ctaMask operand
    // after the mbarrier, shared::cluster only) and .L2::cache_hint (a
    // cache policy last; a hint, no effect here).
    bool hint = false;
    if (rest.size() >= 4 && rest.back() == "L2::cache_hint") {
      hint = true;
      rest.pop_back();
    }
    if (rest.size() == 4 && rest[3] == "multicast::cluster" && rest[0] == "shared::cluster") {
      in.multicast = true;
      rest.pop_back();
    }
    const std::size_t extra = (in.multicast ? 1 : 0) + (hint ? 1 : 0);
    if (rest.size() == 3 && (rest[0] == "shared::cluster" || rest[0] == "shared::cta") &&
        rest[1] == "global" && rest[2] == "mbarrier::complete_tx::bytes" && n == 4 + extra &&
        addr(0) && addr(1) && addr(3) &&
        (extra == 0 || in.args[4].kind != PtxOperand::Kind::Address) &&
        (!hint || !in.multicast || in.args[5].kind != PtxOperand::Kind::Address)) {
      in.op = PtxOp::CpAsyncBulkLoad;
      in.sharedCluster = rest[0] == "shared::cluster";
      return true;
    }
    if (hint || in.multicast)
      return false;
    if (rest.size() == 3 && rest[0] == "global" && rest[1] == "shared::cta" &&
        rest[2] == "bulk_group" && n == 3 && addr(0) && addr(1)) {
      in.op = PtxOp::CpAsyncBulkStore;
      return true;
    }
    return false;
  }

  // The im2col offsets of a tensor load or prefetch: a vector of rank - 2
  // elements at args[at] (3..5-d copies only).
  static bool im2colOffsets(PtxInstr &in, std::size_t at) {
    if (in.coords < 3 || in.vec != in.coords - 2 || in.args.size() < at + in.vec)
      return false;
    for (std::size_t k = at; k < at + in.vec; ++k)
      if (in.args[k].kind == PtxOperand::Kind::Address)
        return false;
    in.im2col = true;
    return true;
  }

  // cp.async.bulk.tensor.Nd forms, tile mode (rest[0] is tensor), loads
  // also with .multicast::cluster and in .im2col mode. Every other mode and
  // qualifier (.im2col_no_offs stores and reductions, .cta_group,
  // gather/scatter, the sm_100 im2col forms) is refused.
  static bool tensor(PtxInstr &in, std::vector<std::string_view> rest, std::size_t n) {
    auto addr = [&](std::size_t i) {
      return i < n && in.args[i].kind == PtxOperand::Kind::Address;
    };
    if (rest.size() < 2 || rest[1].size() != 2 || rest[1][1] != 'd' || rest[1][0] < '1' ||
        rest[1][0] > '5' || in.coords != static_cast<std::uint32_t>(rest[1][0] - '0'))
      return false;
    rest.erase(rest.begin(), rest.begin() + 2);
    rest.erase(std::remove(rest.begin(), rest.end(), "tile"), rest.end());
    bool hint = false;
    if (!rest.empty() && rest.back() == "L2::cache_hint") {
      hint = true;
      rest.pop_back();
    }
    // .im2col (loads of 3-5 d): the offsets {o..} after the mbarrier.
    if (rest.size() >= 4 && rest[2] == "im2col") {
      if (!im2colOffsets(in, 3 + in.coords))
        return false;
      rest.erase(rest.begin() + 2);
    }
    // .multicast::cluster: the ctaMask operand after the mbarrier (and the
    // offsets; loads into shared::cluster only).
    if (rest.size() == 4 && rest[3] == "multicast::cluster" && rest[0] == "shared::cluster") {
      in.multicast = true;
      rest.pop_back();
    }
    const std::size_t c = in.coords, offs = in.im2col ? c - 2 : 0;
    const std::size_t extra = (hint ? 1 : 0) + (in.multicast ? 1 : 0);
    if (rest.size() == 3 && (rest[0] == "shared::cluster" || rest[0] == "shared::cta") &&
        rest[1] == "global" && rest[2] == "mbarrier::complete_tx::bytes" && in.tensorAt == 1 &&
        n == 3 + c + offs + extra && addr(0) && addr(2 + c) && !addr(3 + c + offs) &&
        !addr(4 + c + offs)) {
      in.op = PtxOp::CpAsyncBulkTensorLoad;
      in.sharedCluster = rest[0] == "shared::cluster";
      return true;
    }
    if (in.multicast || in.im2col)
      return false;
    if (rest.size() == 3 && rest[0] == "global" && rest[1] == "shared::cta" &&
        rest[2] == "bulk_group" && in.tensorAt == 0 && n == 2 + c + extra && addr(1 + c)) {
      in.op = PtxOp::CpAsyncBulkTensorStore;
      return true;
    }
    return false;
  }
};

} // namespace

bool parsePtx(std::string_view text, PtxProgram &out, std::string &error) {
  out = PtxProgram{};
  return Parser(out, error).run(text);
}

} // namespace warpsim::model
