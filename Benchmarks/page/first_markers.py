"""Time from opening the map page to its first markers drawn, and the number of marker elements,
on the 234,908 GeoNames places, in headless Chromium (selenium, Debian's chromium-driver).

usage: run.sh (starts the release `mapctl serve` on the places and runs this)
       first_markers.py BASE_URL
"""
import statistics
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

BASE = sys.argv[1]
VIEWS = [("world", 2, "10,30"), ("Europe", 5, "15,50"), ("Germany", 7, "10,51"), ("Paris", 10, "2.35,48.86"),
         ("Tokyo", 12, "139.69,35.69"), ("across ±180", 5, "180,-17")]


def main():
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,800"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_script_timeout(30)
    print(f"{'view':14} {'zoom':>4} {'first markers (ms)':>19} {'marker elements':>16}")
    worst = 0
    try:
        for name, zoom, center in VIEWS:
            times = []
            for _ in range(3):
                driver.get(f"{BASE}/?dataset=places&zoom={zoom}&center={center}")
                # Milliseconds since navigation started, once the view's markers are drawn.
                times.append(driver.execute_async_script(
                    "const done = arguments[0];"
                    "(function wait() { window.mapEngine ? window.mapEngine.ready().then(() => done(performance.now())) : setTimeout(wait, 10); })();"))
            elements = len(driver.find_elements(By.CSS_SELECTOR, '[data-kind="marker"], [data-kind="cluster"]'))
            worst = max(worst, max(times))
            print(f"{name:14} {zoom:>4} {statistics.median(times):>19.0f} {elements:>16}")
    finally:
        driver.quit()
    print(f"slowest of all runs: {worst:.0f} ms")


main()
