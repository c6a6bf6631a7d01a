// Batcher's odd-even merge sort with consecutive layers fused into one dispatch (batcher-fused).
// The comparators are exactly batcher's (batcher_layer.h); what changes is who runs them: a
// workgroup loads a window of wires into shared memory, runs every covered layer there with a
// barrier between layers, and writes back only the window's centre.
//
// Why a window needs a halo: inside a merge of size M, the layers after its first (stride
// s < M/2) compare i with i + s across any fixed tile boundary, so only merges M <= T close
// inside aligned tiles of T wires. But a layer of stride s moves a key at most s wires, so
// after layers of strides s_hi .. s_lo the key on wire p depends only on the keys within
// p +- H, H at most the sum of those strides (the planner's batcher_fused_halo has the exact
// reach). A window of the centre plus H on each side therefore computes the centre exactly:
// comparators with one wire outside the window are skipped, and they only spoil the halo,
// which is not written back.
//
// Why windows may be strided: every comparator of stride s joins two wires with the same
// residue mod s. For a group whose smallest stride is u, wires split by residue r = p mod u
// into independent networks indexed by j = p / u, in which the strides are s / u (down to 1).
// A workgroup takes `residues` consecutive residues (so global accesses cover whole sectors)
// times a window of j: the same halo rule with H counted in j.
//
// The window of workgroup g holds, for residue row rr < residues and window index jj <
// window, local slot w = jj * residues + rr; the wire there is p = j * unit + r with
// r = r0 + rr, j = j0 + jj - halo (j0, r0 from g). The centre is jj in [halo, halo + center).
#ifndef SS_BATCHER_FUSED_STEP_H
#define SS_BATCHER_FUSED_STEP_H
#include "batcher_layer.h"
#include "shared_types.h"

SS_NAMESPACE_BEGIN

// Keys each invocation holds in registers on the full-speed path (batcher_fused_registers.glsl):
// a power of two, so that a thread's first key sits on a multiple of every in-thread stride.
SS_CONST uint BATCHER_FUSED_REGISTER_KEYS = 16u;

struct BatcherFusedStep {
  uint n;               // real keys; positions >= n behave as +inf and are never touched
  uint merge_lo;        // the first covered layer's merge size
  uint merge_hi;        // the last covered layer's merge size
  uint stride_hi;       // the first covered layer's stride (inside merge_lo)
  uint stride_lo;       // the last covered layer's stride (inside merge_hi): the unit
  uint first_layer;     // network layer index of the first covered layer, from 0
  uint last_layer;      // and of the last
  uint unit_shift;      // log2(unit): windows group wires by residue mod unit
  uint residue_shift;   // log2(residues): residue rows per window
  uint residue_groups;  // unit / residues: workgroups side by side across the residues
  uint center;          // j values per residue each workgroup writes back
  uint halo;            // j values loaded on each side of the centre (0: aligned tiles)
  uint window;          // center + 2 halo: j values per residue in shared memory
  uint groups_x;        // workgroups along x, to flatten a 2D dispatch
  uint threads;         // the kernel's workgroup size, for the views (which invocation runs what)
};

#ifdef __cplusplus
static_assert(sizeof(BatcherFusedStep) == 15 * 4, "push block is 15 words, no padding");
#endif

// The layer (merge, stride, layer index) as plain batcher's kernel receives it, so both kernels
// decide which comparators exist through batcher_comparator_runs.
SS_FN BatcherLayer batcher_layer_of(uint n, uint merge, uint stride, uint layer) {
  BatcherLayer l;
  l.n = n;
  l.stride = stride;
  l.stride_shift = 0u;
  while ((1u << l.stride_shift) < stride) l.stride_shift += 1u;
  l.inner_remainder = stride == merge / 2u ? 0u : 1u;
  l.inner_last_idx = merge / stride - 1u;
  l.merge_size = merge;
  l.layer = layer;
  l.groups_x = 0u;
  return l;
}

// Layer `layer` (from 0) of the network: merge 2^m holds layers m(m-1)/2 .. m(m+1)/2 - 1, with
// strides 2^(m-1) down to 1. A step covers layers first_layer .. last_layer.
SS_FN BatcherLayer batcher_layer_at(uint n, uint layer) {
  uint m = 1u;
  while (m * (m + 1u) / 2u <= layer) m += 1u;
  uint stride_shift = m - 1u - (layer - m * (m - 1u) / 2u);
  return batcher_layer_of(n, 1u << m, 1u << stride_shift, layer);
}

// The layer after l: the next stride of its merge, or the next merge's first layer. Steps walk
// their layers with it; batcher_layer_at costs two loops and a division per call, which ran once
// per layer in every invocation, as many instructions as a layer's comparators.
SS_FN BatcherLayer batcher_next_layer(BatcherLayer l) {
  if (l.stride > 1u) {
    l.stride >>= 1u;
    l.stride_shift -= 1u;
    l.inner_remainder = 1u;
    l.inner_last_idx = 2u * l.inner_last_idx + 1u;
    l.layer += 1u;
    return l;
  }
  return batcher_layer_of(l.n, 2u * l.merge_size, l.merge_size, l.layer + 1u);
}

SS_FN uint batcher_fused_residues(BatcherFusedStep p) {
  return 1u << p.residue_shift;
}

// Window slots a workgroup uses: window j values for each residue row.
SS_FN uint batcher_fused_slots(BatcherFusedStep p) {
  return p.window << p.residue_shift;
}

// j values of the widest residue (residue 0): ceil(n / unit).
SS_FN uint batcher_fused_j_count(BatcherFusedStep p) {
  return (p.n + (1u << p.unit_shift) - 1u) >> p.unit_shift;
}

// Workgroups: residue_groups side by side, times enough centres to cover every j.
SS_FN uint batcher_fused_groups(BatcherFusedStep p) {
  return p.residue_groups * ((batcher_fused_j_count(p) + p.center - 1u) / p.center);
}

// Where workgroup `group`'s window starts: its first residue row, and the j (plus halo) of its
// first slot row. Kernels compute them once; batcher_fused_slot_wire does the rest per slot.
SS_FN uint batcher_fused_first_residue(BatcherFusedStep p, uint group) {
  return (group % p.residue_groups) << p.residue_shift;
}
SS_FN uint batcher_fused_first_j(BatcherFusedStep p, uint group) {
  return (group / p.residue_groups) * p.center;
}

// The wire in slot w of the window that starts at (first_residue, first_j); false when the slot
// holds no real wire (before wire 0, or at n and above), and then `wire` is unspecified.
SS_FN bool batcher_fused_slot_wire(BatcherFusedStep p, uint first_residue, uint first_j, uint w,
                                   SS_OUT(uint) wire) {
  uint residue = first_residue + (w & (batcher_fused_residues(p) - 1u));
  uint jj = first_j + (w >> p.residue_shift);  // j + halo
  wire = 0u;
  if (jj < p.halo) return false;
  uint j = jj - p.halo;
  // Checked before multiplying, so j * unit + residue stays below 2^32 for any n < 2^31.
  if (j >= batcher_fused_j_count(p)) return false;
  wire = (j << p.unit_shift) + residue;
  return wire < p.n;
}

SS_FN bool batcher_fused_wire(BatcherFusedStep p, uint group, uint w, SS_OUT(uint) wire) {
  return batcher_fused_slot_wire(p, batcher_fused_first_residue(p, group),
                                 batcher_fused_first_j(p, group), w, wire);
}

// Whether slot w lies in the window's centre, the part written back (and counted in the
// statistics, at a comparator's left wire, so each comparator counts in exactly one workgroup).
SS_FN bool batcher_fused_in_center(BatcherFusedStep p, uint w) {
  uint jj = w >> p.residue_shift;
  return jj >= p.halo && jj < p.halo + p.center;
}

// The slot of the partner of the wire in slot w for a layer of `stride` (a multiple of unit);
// inside the window when below batcher_fused_slots.
SS_FN uint batcher_fused_partner_slot(BatcherFusedStep p, uint w, uint stride) {
  return w + ((stride >> p.unit_shift) << p.residue_shift);
}

// Enumerating a layer's comparators in a window instead of testing every slot: with stride
// s = d * unit, wire p = j * unit + r is a left wire only if bit log2(d) of j is 0 on a merge's
// first layer and 1 on its later ones (batcher_is_left_index; r < unit <= s leaves p >> log2(s)
// = j >> log2(d)). The k-th such j, and how many lie below x:
SS_FN uint batcher_fused_left_j(uint k, uint d_shift, uint bit) {
  return ((k >> d_shift) << (d_shift + 1u)) + (bit << d_shift) + (k & ((1u << d_shift) - 1u));
}
SS_FN uint batcher_fused_left_count(uint x, uint d_shift, uint bit) {
  uint d = 1u << d_shift;
  uint rest = x & (2u * d - 1u);
  uint below = rest > bit * d ? rest - bit * d : 0u;
  return ((x >> (d_shift + 1u)) << d_shift) + (below < d ? below : d);
}

// The candidate left j of a layer in the window that starts at first_j: [begin, end) in
// batcher_fused_left_j's k, for left j from the window's first real j up to the last whose
// partner j + d is still inside the window. Each candidate is checked with
// batcher_comparator_runs (the subsequence's last element, wires >= n).
SS_FN void batcher_fused_left_range(BatcherFusedStep p, uint first_j, BatcherLayer l,
                                    SS_OUT(uint) begin, SS_OUT(uint) end) {
  uint d_shift = l.stride_shift - p.unit_shift;
  uint bit = l.inner_remainder;
  uint lo = first_j > p.halo ? first_j - p.halo : 0u;
  uint window_end = first_j + p.window;  // j + halo of the first slot row past the window
  uint reach = p.halo + (1u << d_shift);
  uint hi = window_end > reach ? window_end - reach : 0u;  // left j < hi keeps its partner in
  begin = batcher_fused_left_count(lo, d_shift, bit);
  end = hi > lo ? batcher_fused_left_count(hi, d_shift, bit) : begin;
}

// Candidate t of a layer (t < (end - begin) * residues, residue rows fastest so neighbouring
// invocations touch neighbouring wires): its left wire and the wire's slot. True when the
// comparator exists (batcher_comparator_runs); its partner is in slot
// batcher_fused_partner_slot(p, slot, l.stride).
SS_FN bool batcher_fused_candidate(BatcherFusedStep p, uint first_residue, uint first_j,
                                   BatcherLayer l, uint begin, uint t, SS_OUT(uint) wire,
                                   SS_OUT(uint) slot) {
  uint j = batcher_fused_left_j(begin + (t >> p.residue_shift), l.stride_shift - p.unit_shift,
                                l.inner_remainder);
  uint row = t & (batcher_fused_residues(p) - 1u);
  slot = ((j + p.halo - first_j) << p.residue_shift) + row;
  wire = 0u;
  // Checked before multiplying, so j * unit + residue stays below 2^32 for any n < 2^31.
  if (j >= batcher_fused_j_count(p)) return false;
  wire = (j << p.unit_shift) + first_residue + row;
  return batcher_comparator_runs(l, wire);
}

// The workgroup whose centre holds `wire` (every real wire is in exactly one centre), and the
// slot it has there: the comparator whose left wire it is runs in that workgroup, in invocation
// slot % threads.
SS_FN uint batcher_fused_group_of(BatcherFusedStep p, uint wire) {
  uint j = wire >> p.unit_shift;
  uint residue = wire & ((1u << p.unit_shift) - 1u);
  return (j / p.center) * p.residue_groups + (residue >> p.residue_shift);
}
SS_FN uint batcher_fused_slot_of(BatcherFusedStep p, uint wire) {
  uint j = wire >> p.unit_shift;
  uint residue = wire & ((1u << p.unit_shift) - 1u);
  return ((j % p.center + p.halo) << p.residue_shift) +
         (residue & (batcher_fused_residues(p) - 1u));
}

// The invocation (global index, workgroup times threads plus local index) that runs the
// comparator whose left wire is `wire` in layer l: the one whose candidate index t it is.
SS_FN uint batcher_fused_invocation_of(BatcherFusedStep p, BatcherLayer l, uint wire) {
  uint group = batcher_fused_group_of(p, wire);
  uint first_j = batcher_fused_first_j(p, group);
  uint begin, end;
  batcher_fused_left_range(p, first_j, l, begin, end);
  uint k = batcher_fused_left_count(wire >> p.unit_shift, l.stride_shift - p.unit_shift,
                                    l.inner_remainder);
  uint t = ((k - begin) << p.residue_shift) + (wire & (batcher_fused_residues(p) - 1u));
  return group * p.threads + t % p.threads;
}

SS_NAMESPACE_END

#endif  // SS_BATCHER_FUSED_STEP_H
