#!/usr/bin/env python3
"""The end of `make test`'s output (scripts/test.sh): each phase's wall time, the ten slowest
tests of every leg, and the count of tests passed and failed, read from the phases file and
the JUnit XML reports the legs wrote into REPORTS.

    test-report.py REPORTS [FAILED-LEG...]

A leg named as failed whose report is missing (it crashed or timed out before writing one)
counts as one failure, so the closing line never says all passed when a leg did not."""
import pathlib
import sys
import xml.etree.ElementTree as ElementTree


def test_cases(report):
    """(name, seconds, outcome) of each test case in a JUnit XML file; outcome is passed,
    failed or skipped."""
    try:
        root = ElementTree.parse(report).getroot()
    except (ElementTree.ParseError, OSError):
        return []
    cases = []
    for case in root.iter("testcase"):
        kinds = {child.tag for child in case}
        outcome = "failed" if kinds & {"failure", "error"} else "skipped" if "skipped" in kinds else "passed"
        name = f"{case.get('classname', '')}::{case.get('name', '')}".strip(":")
        cases.append((name, float(case.get("time") or 0), outcome))
    return cases


def main(reports, failed_legs):
    print("\n==================== make test: where the time went")
    for line in (reports / "phases.txt").read_text().split("\n"):
        if line.strip():
            name, seconds = line.rsplit(" ", 1)
            print(f"  {name:<26} {float(seconds):7.1f} s")

    # Swift Testing's report is `unit-swift-testing.xml`; `unit.xml` is XCTest's (none here).
    legs = {}
    for report in sorted(reports.glob("*.xml")):
        leg = report.stem.removesuffix("-swift-testing")
        legs.setdefault(leg, []).extend(test_cases(report))
    slowest = sorted(((seconds, leg, name) for leg, cases in legs.items() for name, seconds, _ in cases), reverse=True)
    print("\n  the ten slowest tests:")
    for seconds, leg, name in slowest[:10]:
        print(f"  {seconds:7.1f} s  {leg:<8} {name}")

    totals = {"passed": 0, "failed": 0, "skipped": 0}
    print()
    for leg, cases in legs.items():
        counts = {outcome: sum(1 for case in cases if case[2] == outcome) for outcome in totals}
        print(f"  {leg:<8} {counts['passed']} passed, {counts['failed']} failed, {counts['skipped']} skipped")
        for outcome in totals:
            totals[outcome] += counts[outcome]
    for leg in failed_legs:
        if not any(outcome == "failed" for _, _, outcome in legs.get(leg, [])):
            print(f"  {leg:<8} failed without a report of the failing test (a crash or a time limit): counted as 1 failure")
            totals["failed"] += 1
    print(f"{totals['passed']} passed, {totals['failed']} failed, {totals['skipped']} skipped")


if __name__ == "__main__":
    main(pathlib.Path(sys.argv[1]), sys.argv[2:])
