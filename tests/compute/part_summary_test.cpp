// The sample sort's verification summary of a part (distributed/part_summary.hpp): the GPU's
// one-pass summary against the host's, for sorted parts and for parts with each fault the
// verification must see (a pair out of order, ties out of input order, a changed key or value).
#include <algorithm>
#include <utility>

#include <catch2/catch.hpp>

#include "core/buffer.hpp"
#include "distributed/part_summary.hpp"
#include "input/distributions.hpp"
#include "support/gpu.hpp"
#include "support/host_sort.hpp"

using namespace ss;

namespace {

void set_key_bits(KeyArray& keys, std::size_t i, std::uint64_t bits) {
  keys.words[key_words(keys.type) * i] = static_cast<std::uint32_t>(bits);
  if (key_words(keys.type) == 2) keys.words[2 * i + 1] = static_cast<std::uint32_t>(bits >> 32);
}

PartSummary summary_of_part_on_gpu(const KeyArray& keys, bool descending) {
  const std::uint64_t n = keys.size();
  Buffer key_buffer(test::gpu(), std::max<std::uint64_t>(keys.words.size(), 1) * 4, storage_usage(),
                    MemoryKind::device);
  Buffer value_buffer(test::gpu(), std::max<std::uint64_t>(n, 1) * 4, storage_usage(),
                      MemoryKind::device);
  if (n > 0) {
    upload_words<std::uint32_t>(test::gpu(), key_buffer, keys.words);
    if (keys.has_values) upload_words<std::uint32_t>(test::gpu(), value_buffer, keys.values);
  }
  return summarize_on_gpu(test::gpu(), key_buffer, keys.has_values ? &value_buffer : nullptr, n,
                          keys.type, descending);
}

}  // namespace

TEST_CASE("part summary: the GPU's one pass agrees with the host's, faults included",
          "[sample-sort][gpu]") {
  // 3 workgroups' worth and a ragged end, past PART_CHECK_ITEMS x 256 keys per workgroup.
  const std::uint32_t n = 3 * 16 * 256 + 37;
  for (KeyType type : {KeyType::u32, KeyType::i32, KeyType::f32, KeyType::u64}) {
    for (bool descending : {false, true}) {
      for (bool pairs : {false, true}) {
        CAPTURE(to_string(type), descending, pairs);
        const KeyArray input = generate_keys(Distribution::few_unique, n, type, 5, pairs);
        const KeyArray sorted = test::stable_sorted_by_encoding(input, descending);
        const PartSummary in = summary_of_part_on_gpu(input, descending);
        const PartSummary out = summary_of_part_on_gpu(sorted, descending);
        CHECK(in == summarize_on_host(input, descending));
        CHECK(out == summarize_on_host(sorted, descending));
        CHECK(in.out_of_order > 0);
        CHECK(out.out_of_order == 0);
        CHECK(out.unstable == 0);
        // The same multiset in another order: the same digest.
        CHECK(in.digest_a == out.digest_a);
        CHECK(in.digest_b == out.digest_b);
        CHECK(out.count == n);

        KeyArray swapped = sorted;  // two unequal neighbours exchanged
        std::size_t at = 1000;
        while (swapped.bits(at) == swapped.bits(at + 1)) ++at;
        const std::uint64_t a = swapped.bits(at);
        set_key_bits(swapped, at, swapped.bits(at + 1));
        set_key_bits(swapped, at + 1, a);
        if (pairs) std::swap(swapped.values[at], swapped.values[at + 1]);
        const PartSummary s = summary_of_part_on_gpu(swapped, descending);
        CHECK(s == summarize_on_host(swapped, descending));
        CHECK(s.out_of_order == 1);
        CHECK(s.digest_a == out.digest_a);

        KeyArray changed = sorted;  // one key's lowest bit flipped
        set_key_bits(changed, n / 2, changed.bits(n / 2) ^ 1u);
        const PartSummary c = summary_of_part_on_gpu(changed, descending);
        CHECK(c == summarize_on_host(changed, descending));
        CHECK((c.digest_a != out.digest_a || c.digest_b != out.digest_b));

        if (pairs) {
          KeyArray reversed_tie = sorted;  // equal keys with their input order reversed
          std::size_t tie = 2000;
          while (reversed_tie.bits(tie) != reversed_tie.bits(tie + 1)) ++tie;
          std::swap(reversed_tie.values[tie], reversed_tie.values[tie + 1]);
          const PartSummary r = summary_of_part_on_gpu(reversed_tie, descending);
          CHECK(r == summarize_on_host(reversed_tie, descending));
          CHECK(r.unstable == 1);
          CHECK(r.out_of_order == 0);
          CHECK(r.digest_a == out.digest_a);

          KeyArray other_value = sorted;  // a value changed: not the same pairs
          other_value.values[7] += 1;
          const PartSummary v = summary_of_part_on_gpu(other_value, descending);
          CHECK((v.digest_a != out.digest_a || v.digest_b != out.digest_b));
        }
      }
    }
  }
  const PartSummary empty = summary_of_part_on_gpu(KeyArray{}, false);
  CHECK(empty == PartSummary{});
  test::require_validation_clean();
}
