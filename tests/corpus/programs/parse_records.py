# corpus: parse_records - parse a small CSV-like table held in a string: convert fields with int()
#   and float(), skip and report bad rows (ValueError, IndexError), compute per-city statistics,
#   the classic "read the data, survive the bad lines" script.
# model: the data-cleaning exercises of Python courses, e.g. Python for Everybody (Charles
#   Severance), chapter 7 (https://www.py4e.com/html3/07-files; the book is CC BY-NC-SA 3.0).
#   Written independently for this corpus; no code copied.
#   Adapted: the file's contents are a string, not a file.
# license: pyscript's (this repository's)
# corpus-tags: classes, exceptions, lambda, augmented-assign, str-methods, str-format

DATA = """\
city,date,temperature,rain_mm,visitors
Oslo,2023-01-03,-4.5,2.0,1200
Oslo,2023-01-04,-6.0,0,1350
Lima,2023-01-03,24.1,0.0,5400
Lima,2023-01-04,n/a,0.0,5100
Oslo,2023-01-05,-2.5,4.5
Cairo,2023-01-03,19.0,0.0,8000
Cairo,2023-01-04,21.5,0.0,eight thousand
Lima,2023-01-05,25.3,1.2,5600
,2023-01-06,10.0,0.0,100
Cairo,2023-01-05,20.0,0.0,8300
Oslo,2023-01-06,-8.25,0.5,990
"""


class RecordError(ValueError):
    pass


def parse_line(line, header):
    fields = [f.strip() for f in line.split(",")]
    if len(fields) != len(header):
        raise RecordError(f"expected {len(header)} fields, got {len(fields)}")
    record = dict(zip(header, fields))
    if not record["city"]:
        raise RecordError("missing city")
    try:
        record["temperature"] = float(record["temperature"])
        record["rain_mm"] = float(record["rain_mm"])
        record["visitors"] = int(record["visitors"])
    except ValueError as e:
        raise RecordError(f"bad number: {e}") from e
    return record


def load(text):
    lines = text.splitlines()
    header = lines[0].split(",")
    good, bad = [], []
    for number, line in enumerate(lines[1:], start=2):
        try:
            good.append(parse_line(line, header))
        except RecordError as e:
            bad.append((number, str(e)))
    return good, bad


def summarize(records):
    stats = {}
    for r in records:
        s = stats.setdefault(r["city"], {"days": 0, "temp": 0.0, "rain": 0.0, "visitors": 0})
        s["days"] += 1
        s["temp"] += r["temperature"]
        s["rain"] += r["rain_mm"]
        s["visitors"] += r["visitors"]
    return stats


def main():
    records, errors = load(DATA)
    print(f"{len(records)} good rows, {len(errors)} bad rows")
    for number, message in errors:
        print(f"  line {number}: {message}")
    stats = summarize(records)
    for city, s in sorted(stats.items(), key=lambda kv: -kv[1]["visitors"]):
        mean = s["temp"] / s["days"]
        print(f"{city:6} days={s['days']} mean_temp={mean:6.2f} rain={s['rain']:.1f} visitors={s['visitors']}")
    coldest = min(records, key=lambda r: r["temperature"])
    print("coldest:", coldest["city"], coldest["date"], coldest["temperature"])
    try:
        print(stats["Paris"])
    except KeyError as e:
        print("no data for", e)
    ratios = []
    for r in records:
        try:
            ratios.append(round(r["visitors"] / r["rain_mm"]))
        except ZeroDivisionError:
            ratios.append(None)
    print(ratios)


if __name__ == "__main__":
    main()
