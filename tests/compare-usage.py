#!/usr/bin/env python3
"""Compares two `daily --json` reports, ccusage's and Cairn's: the totals
and each day's tokens exactly, the cost within 0.5 %, and lists every
difference.

    python3 tests/compare-usage.py CCUSAGE.json CAIRN.json
"""
import json
import sys

TOKENS = ("inputTokens", "outputTokens", "cacheCreationTokens", "cacheReadTokens", "totalTokens")


def differences(theirs, ours, where):
    out = []
    for field in TOKENS:
        if theirs.get(field) != ours.get(field):
            out.append(f"{where}: {field} ccusage {theirs.get(field)} cairn {ours.get(field)}")
    a, b = theirs.get("totalCost", 0), ours.get("totalCost", 0)
    if abs(a - b) > 0.005 * max(abs(a), abs(b), 1e-9):
        out.append(f"{where}: totalCost ccusage {a:.4f} cairn {b:.4f} ({100 * (b - a) / max(a, 1e-9):+.2f} %)")
    return out


def main():
    theirs, ours = (json.load(open(p)) for p in sys.argv[1:3])
    # ccusage's all-agents `daily` names the day "period", `claude daily` "date"
    days_theirs = {d.get("date", d.get("period")): d for d in theirs["daily"]}
    days_ours = {d["date"]: d for d in ours["daily"]}
    out = differences(theirs["totals"], ours["totals"], "totals")
    for day in sorted(set(days_theirs) | set(days_ours)):
        if day not in days_theirs or day not in days_ours:
            out.append(f"{day}: only in {'cairn' if day in days_ours else 'ccusage'}")
            continue
        out += differences(days_theirs[day], days_ours[day], day)
    t, o = theirs["totals"], ours["totals"]
    print(f"totals: ccusage {t['totalTokens']} tokens ${t['totalCost']:.2f}, "
          f"cairn {o['totalTokens']} tokens ${o['totalCost']:.2f}; days {len(days_theirs)} / {len(days_ours)}")
    if "cairn" in ours:
        print("cairn notes: " + json.dumps(ours["cairn"]))
    print("\n".join(out) if out else "no differences")
    return 1 if out else 0


if __name__ == "__main__":
    sys.exit(main())
