#!/usr/bin/env bash
# Regenerates the message sounds: apps/web/public/sounds/<key>.mp3, one per MESSAGE_SOUNDS key of
# packages/contract/src/im-catalogue.ts. Each is a short chime (its pitch pattern tells the family) followed by a
# Chinese voice prompt, mono 22.05 kHz, normalised to -3 dBFS, 32 kbit/s MP3.
#
# Needs the Debian packages espeak-ng, sox and libsox-fmt-mp3 (or libsox-fmt-all). The files are committed, so
# neither CI nor `npm start` runs this. Idempotent: the same tools give the same files; run it after adding a key.
#
#   scripts/make-sounds.sh
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
catalogue="$root/packages/contract/src/im-catalogue.ts"
out_dir="$root/apps/web/public/sounds"

readonly sample_rate=22050
readonly bitrate_kbps=32
readonly max_bytes=40000
readonly min_seconds=1
readonly max_seconds=4

fail() {
  echo "make-sounds: $*" >&2
  exit 1
}

for tool in espeak-ng sox; do
  command -v "$tool" >/dev/null ||
    fail "'$tool' is missing. Install it with: apt-get install -y espeak-ng sox libsox-fmt-all"
done
sox -h | grep -q 'AUDIO FILE FORMATS:.* mp3' ||
  fail "sox cannot write MP3. Install it with: apt-get install -y libsox-fmt-all"
espeak-ng --voices=cmn | grep -q ' cmn ' || fail "espeak-ng has no Mandarin voice 'cmn'."

# Voice prompt per sound key, from the titles of the kinds that use it (MESSAGE_KINDS, zh-text.md).
declare -A phrase=(
  [orderRemind]='您有新的接单提醒'
  [waitForShip]='您有待发货的订单'
  [waitForHandle]='订单暂无门店接单'
  [orderCancel]='订单已取消'
  [orderReceived]='已接单订单待发货'
  [orderCancelCheck]='您有取消核查申请'
  [storeDelivery]='您有新的调拨单'
  [inventoryShortage]='要货缺货提醒'
  [allocationOutDeliverySubmit]='请确认发货批次'
  [allocationCancelAll]='调入单已取消'
  [auditTaskApply]='您有新的审核任务'
  [auditTaskSubmitBorrow]='您有借货审核'
  [auditRejectAllocationOutDelivery]='审核已驳回'
  [borrowReject]='借货审核驳回'
  [memberUpgrade]='会员升级提醒'
  [equityUpgrade]='会员权益升级提醒'
  [mooncakeRepurchase]='复购提醒'
  [defaultRemind]='您有新的消息'
)

# Chime family per sound key.
declare -A family=(
  [orderRemind]=orders [waitForShip]=orders [waitForHandle]=orders [orderCancel]=orders
  [orderReceived]=orders [orderCancelCheck]=orders
  [storeDelivery]=inventory [inventoryShortage]=inventory [allocationOutDeliverySubmit]=inventory
  [allocationCancelAll]=inventory
  [auditTaskApply]=audits [auditTaskSubmitBorrow]=audits [auditRejectAllocationOutDelivery]=audits
  [borrowReject]=audits
  [memberUpgrade]=members [equityUpgrade]=members [mooncakeRepurchase]=members
  [defaultRemind]=default
)

# Tone frequencies (Hz) per family: ~0.4 s of two or three sine tones, a distinct contour each.
declare -A chime=(
  [orders]='1047 1319 1568'    # C6 E6 G6, rising
  [inventory]='784 1047'       # G5 C6, a fourth up
  [audits]='1319 1319 988'     # E6 E6 B5, repeated then down
  [members]='1047 1568 1319'   # C6 G6 E6, up and back
  [default]='1175 880'         # D6 A5, a falling fourth
)

# The keys of the contract, in its order: the table above must cover exactly these.
mapfile -t keys < <(
  sed -n '/^export const MESSAGE_SOUNDS = \[/,/^\] as const;/p' "$catalogue" | sed -n "s/^ *'\([A-Za-z]*\)',\$/\1/p"
)
((${#keys[@]} > 0)) || fail "found no MESSAGE_SOUNDS keys in $catalogue"
for key in "${keys[@]}"; do
  [[ -n "${phrase[$key]:-}" && -n "${family[$key]:-}" ]] || fail "no phrase or family for sound key '$key'"
done
((${#phrase[@]} == ${#keys[@]})) || fail "the phrase table has keys that MESSAGE_SOUNDS does not list"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Every generating sox call runs with -R (repeatable): fixed dither seed, so a rerun gives the same bytes.
make_chime() { # family → $work/chime-<family>.wav
  local name="$1" parts=() i=0 tone_seconds
  read -r -a freqs <<<"${chime[$name]}"
  tone_seconds="$(awk -v n="${#freqs[@]}" 'BEGIN { printf "%.3f", 0.4 / n }')"
  for freq in "${freqs[@]}"; do
    sox -R -n -r "$sample_rate" -c 1 -b 16 "$work/tone-$name-$i.wav" \
      synth "$tone_seconds" sine "$freq" vol 0.6 fade q 0.005 "$tone_seconds" 0.06
    parts+=("$work/tone-$name-$i.wav")
    i=$((i + 1))
  done
  sox -R "${parts[@]}" "$work/chime-$name.wav"
}

make_sound() { # key → $work/<key>.mp3
  local key="$1"
  espeak-ng -v cmn -s 200 -w "$work/voice-$key.raw.wav" "${phrase[$key]}"
  # Trim espeak's leading and trailing silence; match the chime's format.
  sox -R "$work/voice-$key.raw.wav" -r "$sample_rate" -c 1 -b 16 "$work/voice-$key.wav" \
    silence 1 0.02 0.5% reverse silence 1 0.02 0.5% reverse
  sox -R -n -r "$sample_rate" -c 1 -b 16 "$work/gap.wav" trim 0 0.12
  sox -R "$work/chime-${family[$key]}.wav" "$work/gap.wav" "$work/voice-$key.wav" "$work/mix-$key.wav" \
    pad 0 0.05 norm -3
  sox -R "$work/mix-$key.wav" --comment '' -C "$bitrate_kbps" "$work/$key.mp3"
}

check_sound() { # file → fails unless size, duration and loudness are sane
  local file="$1" bytes seconds rms
  bytes="$(stat -c %s "$file")"
  ((bytes <= max_bytes)) || fail "$file is $bytes bytes (limit $max_bytes)"
  seconds="$(sox --i -D "$file")"
  awk -v s="$seconds" -v lo="$min_seconds" -v hi="$max_seconds" 'BEGIN { exit !(s >= lo && s <= hi) }' ||
    fail "$file lasts $seconds s (expected $min_seconds to $max_seconds s)"
  rms="$(sox "$file" -n stat 2>&1 | awk '/RMS +amplitude/ { print $3 }')"
  awk -v r="$rms" 'BEGIN { exit !(r > 0.01) }' || fail "$file is silent (RMS $rms)"
  printf '  %-34s %6d bytes  %5.2f s  RMS %s\n' "$(basename "$file")" "$bytes" "$seconds" "$rms"
}

for name in "${!chime[@]}"; do make_chime "$name"; done
for key in "${keys[@]}"; do
  make_sound "$key"
  check_sound "$work/$key.mp3"
done

# Only now replace the committed files, dropping sounds whose key is gone.
mkdir -p "$out_dir"
find "$out_dir" -maxdepth 1 -name '*.mp3' -delete
for key in "${keys[@]}"; do cp "$work/$key.mp3" "$out_dir/$key.mp3"; done
echo "make-sounds: wrote ${#keys[@]} sounds to ${out_dir#"$root"/}"
