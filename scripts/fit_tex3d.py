# Fits the linear-filtering weights an H100/H200 returned (scripts/probe_tex_weights.cu DIR:
# w3d.bin) against candidate rules for 3-D textures: python3 scripts/fit_tex3d.py DIR
# (needs python3-numpy). Run on warpsim's own output it finds ie_half_up exact.
import numpy as np, sys, itertools
d = sys.argv[1]
w = np.fromfile(d + '/w3d.bin', dtype=np.float32).reshape(8, 64, 64, 64)  # corner, ic, ib, ia
fr = np.arange(0, 256, 4)
A = fr[None, None, :]; B = fr[None, :, None]; C = fr[:, None, None]
def rhu(p, unit): return (p + unit // 2) // unit
def model_ie(rnd):
    # inclusion-exclusion over products of subsets, rounded by rnd(product, |s|)
    a = [A, B, C]
    r = {}
    for s in range(8):
        p = np.ones_like(A * B * C); m = 0
        for k in range(3):
            if s >> k & 1: p = p * a[k]; m += 1
        r[s] = np.full_like(p, 256) if m == 0 else rnd(p, m)
    out = []
    for c in range(8):
        acc = 0
        for s in range(8):
            if s & c == c:
                acc = acc + (-1) ** bin(s ^ c).count('1') * r[s]
        out.append(acc)
    return np.array(out) / 256.0
models = {
 'ie_half_up': model_ie(lambda p, m: p if m == 1 else rhu(p, 256 ** (m - 1))),
 'ie_trunc': model_ie(lambda p, m: p if m == 1 else p // 256 ** (m - 1)),
 'ie_seq': None,
}
# sequential: round(ab) then round(round(ab)*c)
def seq():
    ab = rhu(A * B, 256); ac = rhu(A * C, 256); bc = rhu(B * C, 256)
    abc = rhu(ab * C, 256)
    r = {0: np.full_like(A*B*C, 256), 1: A+0*B*C, 2: B+0*A*C, 4: C+0*A*B, 3: ab+0*C, 5: ac+0*B, 6: bc+0*A, 7: abc}
    out = []
    for c in range(8):
        acc = 0
        for s in range(8):
            if s & c == c: acc = acc + (-1) ** bin(s ^ c).count('1') * r[s]
        out.append(acc)
    return np.array(out) / 256.0
models['ie_seq'] = seq()
# per-corner direct products rounded
def direct(rnd):
    out = []
    for c in range(8):
        f = [(A if c & 1 else 256 - A), (B if c & 2 else 256 - B), (C if c & 4 else 256 - C)]
        out.append(rnd(f[0] * f[1] * f[2]) / 256.0)
    return np.array(out)
models['direct_half_up'] = direct(lambda p: rhu(p, 65536))
models['direct_trunc'] = direct(lambda p: p // 65536)
# lerp of bilinear (2-D rule) in z
def lerp2():
    ab = rhu(A * B, 256)
    w2 = {0: 256 - A - B + ab, 1: A - ab, 2: B - ab, 3: ab}
    out = []
    for c in range(8):
        base = w2[c & 3] + 0 * C
        z = C if c & 4 else 256 - C
        out.append(rhu(base * z, 256) / 256.0)
    return np.array(out)
models['lerp_2d_then_z'] = lerp2()
print('distinct weight values (x256):', np.unique(np.round(w * 256, 3))[:20], '...')
print('weights multiples of 1/256?', np.all(np.abs(w * 256 - np.round(w * 256)) < 1e-4))
for k, m in models.items():
    diff = np.abs(m - w) > 1e-6
    print(f'{k:20s} mismatches {diff.sum():8d} of {w.size}')
