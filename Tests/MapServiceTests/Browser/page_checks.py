"""The map page in headless Chromium (selenium + Debian's chromium-driver) against a running
`mapctl serve`: what a user sees is checked against the service's own answers, fetched here
independently with urllib.

usage: page_checks.py BASE_URL STOPS_FILE SCREENSHOT_FOLDER
Prints one line per check; exits 1 when any fails.
"""
import json
import sys
import time
import traceback
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.common.exceptions import StaleElementReferenceException

BASE, STOPS, SCREENS = sys.argv[1], sys.argv[2], sys.argv[3]
REGULAR, COMPACT = (1280, 800), (390, 844)


def get(path, body=None):
    request = urllib.request.Request(BASE + path, data=body, method="POST" if body else "GET",
                                     headers={"Content-Type": "application/geo+json"} if body else {})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def browser():
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_script_timeout(30)
    return driver


def layout(driver, size):
    width, height = size
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width <= 600})


def open_page(driver, query=""):
    driver.get(BASE + "/" + query)
    ready(driver)


def ready(driver):
    driver.execute_async_script("window.mapEngine ? window.mapEngine.ready().then(arguments[0]) : "
                                "setTimeout(function wait() { window.mapEngine ? window.mapEngine.ready().then(arguments[0]) : setTimeout(wait, 50) }.bind(null, arguments[0]), 50)")


def wait_for(what, condition, seconds=15):
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            value = condition()
        except StaleElementReferenceException:
            value = None  # the page redrew what the condition looked at (a validation answer): look again
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def click(driver, selector):
    driver.find_element(By.CSS_SELECTOR, selector).click()


def text(driver, selector):
    return driver.find_element(By.CSS_SELECTOR, selector).text


def errors(driver):
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def drawn_points(driver):
    elements = driver.find_elements(By.CSS_SELECTOR, '[data-kind="marker"], [data-kind="cluster"]')
    return sorted((e.get_attribute("data-id"), e.get_attribute("data-kind")) for e in elements)


def answer_points(view, extra=""):
    bbox = ",".join(str(v) for v in view["bbox"])
    answer = get(f"/datasets/objects/clusters?zoom={view['zoom']}&bbox={bbox}{extra}")
    points = []
    for feature in answer["features"]:
        if feature["geometry"]["type"] != "Point":
            continue
        kind = "cluster" if feature["properties"].get("cluster") else "marker"
        points.append((str(feature.get("id", feature["properties"].get("id"))), kind))
    return sorted(points), answer


# ---- checks ----

def markers_equal_the_answer(driver):
    open_page(driver, "?dataset=objects&zoom=14&center=24.9443,60.1715")
    assert not errors(driver), f"console errors: {errors(driver)}"
    view = driver.execute_script("return window.mapEngine.view()")
    assert view["zoom"] == 14, view
    expected, _ = answer_points(view)
    drawn = drawn_points(driver)
    assert drawn == expected, f"drawn {len(drawn)} points, /clusters has {len(expected)}: {set(drawn) ^ set(expected)}"
    assert 0 < len(drawn) <= 500, len(drawn)
    # The legend panel lists the view's legend, the neutral colour of mixed clusters included.
    _, answer = answer_points(view)
    click(driver, '[data-action="legend"]')
    entries = [e.text for e in driver.find_elements(By.CSS_SELECTOR, '[data-panel="legend"] li')]
    assert entries == [f"{entry['title']} ({entry['count']})" for entry in answer["legend"]], entries
    assert any(entry.get("mixed") for entry in answer["legend"]) and driver.find_elements(By.CSS_SELECTOR, '[data-mixed="true"]')
    click(driver, '[data-action="legend"]')
    # Zooming in draws the new view's answer, and only it.
    driver.execute_script("window.mapEngine.map.setZoom(16)")
    ready(driver)
    view = driver.execute_script("return window.mapEngine.view()")
    assert view["zoom"] == 16
    expected, _ = answer_points(view)
    assert drawn_points(driver) == expected
    return f"{len(drawn)} points at zoom 14, {len(expected)} at 16, equal to /clusters"


def cluster_tap_lists_its_objects(driver):
    open_page(driver, "?dataset=objects&zoom=14&center=24.9443,60.1715")
    clusters = driver.find_elements(By.CSS_SELECTOR, '[data-kind="cluster"]')
    biggest = max(clusters, key=lambda e: int(e.text))
    count = int(biggest.text)
    label = biggest.get_attribute("aria-label")
    assert label.startswith(f"{count} objects, "), label
    # By keyboard: the cluster takes focus and Enter opens its list.
    driver.execute_script("arguments[0].focus()", biggest)
    assert driver.switch_to.active_element == biggest
    biggest.send_keys("\n")
    wait_for("the list", lambda: driver.find_element(By.CSS_SELECTOR, '[data-panel="list"]').is_displayed()
             and text(driver, '[data-panel="list"] .range'))
    assert text(driver, '[data-panel="list"] h2').startswith(f"{count} objects"), text(driver, '[data-panel="list"] h2')
    assert text(driver, '[data-panel="list"] .range') == f"1–{min(20, count)} of {count}", text(driver, '[data-panel="list"] .range')
    items = driver.find_elements(By.CSS_SELECTOR, '[data-panel="list"] .items button')
    assert len(items) == min(20, count)
    click(driver, '[data-panel="list"] [data-page="next"]')
    wait_for("page 2", lambda: text(driver, '[data-panel="list"] .range').startswith("21–"))
    # An object of the list opens its details, and its cluster shows as selected.
    first = driver.find_elements(By.CSS_SELECTOR, '[data-panel="list"] .items button')[0]
    object_id = first.get_attribute("data-id")
    first.click()
    wait_for("the detail", lambda: driver.find_element(By.CSS_SELECTOR, '[data-panel="detail"]').get_attribute("data-id") == object_id)
    ready(driver)
    selected = driver.find_elements(By.CSS_SELECTOR, '[data-selected="true"]')
    assert len(selected) == 1, f"{len(selected)} selected elements"
    view = driver.execute_script("return window.mapEngine.view()")
    _, answer = answer_points(view, "&selected=" + urllib.parse.quote(object_id, safe=""))
    flagged = [str(f.get("id", f["properties"].get("id"))) for f in answer["features"] if f["properties"].get("selected")]
    assert [selected[0].get_attribute("data-id")] == flagged, (selected[0].get_attribute("data-id"), flagged)
    # Zoom in flies to the cluster's expansion zoom.
    click(driver, '[data-panel="list"] .close')
    return f"cluster of {count}: list 1–20 and 21–40, detail of {object_id}, selected marker {flagged[0]}"


def zoom_extents_clears_the_panels(driver, size, name):
    layout(driver, size)
    try:
        return fit_around_the_legend(driver, name)
    finally:
        layout(driver, REGULAR)


def fit_around_the_legend(driver, name):
    open_page(driver, "?dataset=objects&zoom=3&center=0,0")
    click(driver, '[data-action="legend"]')
    click(driver, '[data-action="zoom-extents"]')
    time.sleep(0.2)
    ready(driver)
    insets = driver.execute_script("return window.mapEngine.insets()")
    width, height = driver.execute_script("return window.mapEngine.size()")
    assert insets["left"] > 0 or insets["bottom"] > 0, f"the open legend covers nothing: {insets}"
    positions = []
    with open("Data/objects.geojson") as file:
        for feature in json.load(file)["features"]:
            positions.extend(flatten(feature["geometry"]["coordinates"]))
    points = driver.execute_script("return arguments[0].map(p => window.mapEngine.project(p))", positions)
    driver.save_screenshot(f"{SCREENS}/{name}.png")
    outside = [p for p in points if not (insets["left"] - 1 <= p[0] <= width - insets["right"] + 1
                                         and insets["top"] - 1 <= p[1] <= height - insets["bottom"] + 1)]
    assert not outside, f"{len(outside)} of {len(points)} positions outside the free area {insets} of {width}x{height}: {outside[:3]}"
    return f"{len(points)} positions inside {width}x{height} less {insets}; screenshot {name}.png"


def flatten(coordinates):
    if isinstance(coordinates[0], (int, float)):
        return [coordinates]
    return [p for part in coordinates for p in flatten(part)]


def near_me_lists_what_near_lists(driver):
    open_page(driver, "?dataset=objects&zoom=15&center=24.9443,60.1715")
    click(driver, '[data-action="near-me"]')
    for selector, value in [("#my-lon", "24.9421"), ("#my-lat", "60.1699"), ("#radius", "2")]:
        field = driver.find_element(By.CSS_SELECTOR, selector)
        field.clear()
        field.send_keys(value)
    click(driver, '[data-action="find-near"]')
    wait_for("the near list", lambda: driver.find_elements(By.CSS_SELECTOR, '[data-panel="settings"] .items button'))
    listed = [e.get_attribute("data-id") for e in driver.find_elements(By.CSS_SELECTOR, '[data-panel="settings"] .items button')]
    answer = get("/datasets/objects/near?lon=24.9421&lat=60.1699&radius=2&units=km&limit=100")
    expected = [str(f.get("id", f["properties"].get("id"))) for f in answer["features"]]
    assert listed == expected, f"listed {len(listed)}, /near {len(expected)}"
    return f"{len(listed)} objects in /near's order"


def draw(driver, offsets):
    """Clicks the map at offsets from its centre; the last offset equal to the first closes."""
    map_element = driver.find_element(By.ID, "map")
    for dx, dy in offsets:
        ActionChains(driver).move_to_element_with_offset(map_element, dx, dy).click().perform()
        time.sleep(0.15)


def refused_drawing_keeps_the_drawing(driver):
    open_page(driver, "?dataset=objects&zoom=18&center=24.9390,60.1770")
    before = get("/datasets")["datasets"][0]["count"]
    click(driver, '[data-action="edit"]')
    click(driver, '[data-action="draw-polygon"]')
    draw(driver, [(-80, -60), (80, 60), (80, -60), (-80, 60), (-80, -60)])  # a bowtie
    wait_for("a finding", lambda: "crosses itself" in text(driver, '[data-panel="edit"] .findings'))
    finding = next(line for line in text(driver, '[data-panel="edit"] .findings').splitlines() if "crosses itself" in line)
    assert driver.find_elements(By.CSS_SELECTOR, ".me-finding"), "the finding is not shown on the map"
    assert driver.find_elements(By.CSS_SELECTOR, '[data-kind="finding-segment"]'), "the crossing segment is not highlighted"
    click(driver, '[data-action="save"]')
    wait_for("the refusal", lambda: text(driver, '[data-panel="edit"] .saved').startswith("Not saved"))
    # Chromium logs the refused save's 422 as a failed load; that answer is the point here.
    unexpected = [e for e in errors(driver) if "422 (Unprocessable" not in e]
    assert not unexpected, unexpected
    assert len(driver.find_elements(By.CSS_SELECTOR, '[data-kind="vertex"]')) == 4, "the drawing was not kept"
    assert get("/datasets")["datasets"][0]["count"] == before
    # Delete a vertex (right-click), insert one at a midpoint, move one by dragging; undo and redo.
    vertices = lambda: driver.find_elements(By.CSS_SELECTOR, '[data-kind="vertex"]')
    ActionChains(driver).context_click(vertices()[1]).perform()
    wait_for("a deleted vertex", lambda: len(vertices()) == 3)
    driver.find_elements(By.CSS_SELECTOR, '[data-kind="midpoint"]')[0].click()
    wait_for("an inserted vertex", lambda: len(vertices()) == 4)
    left = lambda: driver.execute_script("return arguments[0].getBoundingClientRect().left", vertices()[2])
    before = wait_for("the third vertex", left)
    # In steps with pauses: Leaflet moves a dragged marker on animation frames. A redraw (a
    # validation answer) may replace the handle under the pointer: then drag again.
    for _ in range(3):
        try:
            ActionChains(driver).click_and_hold(vertices()[2]).pause(0.1).move_by_offset(10, 0).pause(0.1) \
                .move_by_offset(10, 0).pause(0.1).move_by_offset(10, 0).pause(0.1).release().perform()
            break
        except StaleElementReferenceException:
            continue
    wait_for("a moved vertex", lambda: left() > before + 10)
    click(driver, '[data-action="undo"]')
    wait_for("undo of the move", lambda: abs(left() - before) < 2)
    click(driver, '[data-action="undo"]')
    wait_for("undo of the insert", lambda: len(vertices()) == 3)
    click(driver, '[data-action="undo"]')
    wait_for("undo back to the bowtie", lambda: len(vertices()) == 4)
    click(driver, '[data-action="redo"]')
    wait_for("redo of the delete", lambda: len(vertices()) == 3)
    return f"finding: {finding}; vertices deleted, inserted, moved, undone and redone"


def valid_drawing_is_saved(driver):
    open_page(driver, "?dataset=objects&zoom=18&center=24.9390,60.1770")
    click(driver, '[data-action="edit"]')
    name = driver.find_element(By.ID, "edit-name")
    name.send_keys("Browser test yard")
    click(driver, '[data-action="draw-polygon"]')
    draw(driver, [(-60, -40), (-60, 40), (60, 40), (60, -40), (-60, -40)])
    wait_for("validation", lambda: driver.find_elements(By.CSS_SELECTOR, '[data-kind="vertex"]'))
    click(driver, '[data-action="save"]')
    saved = wait_for("the save", lambda: text(driver, '[data-panel="edit"] .saved').startswith("Saved as") and text(driver, '[data-panel="edit"] .saved'))
    object_id = saved.removeprefix("Saved as ").rstrip(".")
    stored = get("/datasets/objects/objects/" + urllib.parse.quote(object_id, safe=""))
    assert stored["properties"]["name"] == "Browser test yard", stored["properties"]
    open_page(driver, "?dataset=objects&zoom=18&center=24.9390,60.1770")
    wait_for("the saved polygon", lambda: driver.find_elements(By.CSS_SELECTOR, f'[data-id="{object_id}"][data-kind="polygon"]'))
    return f"saved {object_id}, drawn after reload"


def spoken(metres, seconds):
    length = f"{metres / 1000:.1f} km" if metres >= 1000 else f"{round(metres)} m"
    time_taken = f"{round(seconds)} s" if seconds < 60 else f"{round(seconds / 60)} min"
    return f"{length} · {time_taken}"


def directions_follow_the_roads(driver):
    open_page(driver, "?dataset=objects&zoom=16&center=24.9443,60.1715")
    click(driver, '[data-action="near-me"]')
    for selector, value in [("#my-lon", "24.9384"), ("#my-lat", "60.1699")]:
        field = driver.find_element(By.CSS_SELECTOR, selector)
        field.clear()
        field.send_keys(value)
    click(driver, '[data-panel="settings"] .close')
    marker = driver.find_elements(By.CSS_SELECTOR, '[data-kind="marker"]')[0]
    object_id = marker.get_attribute("data-id")
    marker.click()
    wait_for("the detail", lambda: driver.find_element(By.CSS_SELECTOR, '[data-panel="detail"]').get_attribute("data-id") == object_id)
    click(driver, '[data-action="directions"]')
    shown = wait_for("directions", lambda: "along the roads" in text(driver, '[data-panel="detail"] .directions')
                     and text(driver, '[data-panel="detail"] .directions'))
    target = get("/datasets/objects/objects/" + urllib.parse.quote(object_id, safe=""))["geometry"]["coordinates"]
    body = json.dumps({"roads": "helsinki", "from": [24.9384, 60.1699], "to": target}).encode()
    answer = get("/directions", body)["properties"]
    assert shown == spoken(answer["distance_m"], answer["duration_s"]) + " along the roads", (shown, answer)
    assert driver.find_elements(By.CSS_SELECTOR, '[data-id="directions"][data-kind="line"]'), "no line drawn"
    return f"to {object_id}: {shown}"


def route_callout_equals_route(driver):
    open_page(driver, "?dataset=objects&zoom=14&center=24.9443,60.1715")
    click(driver, '[data-action="route"]')
    driver.find_element(By.ID, "stops-file").send_keys(STOPS)
    click(driver, '[data-action="plan-route"]')
    callout = wait_for("the call-out", lambda: "stops" in text(driver, '[data-panel="route"] .callout') and text(driver, '[data-panel="route"] .callout'))
    with open(STOPS, "rb") as file:
        answer = get("/route", file.read())
    route = next(f["properties"] for f in answer["features"] if f["properties"]["role"] == "route")
    expected = f"{route['stop_count']} stops · {route['item_count']} items · " + spoken(route["distance_m"], route["duration_s"])
    assert callout == expected, f"{callout!r} != {expected!r}"
    stops = driver.find_elements(By.CSS_SELECTOR, '[data-kind="stop"]')
    assert len(stops) == route["stop_count"] + 1, len(stops)
    ready(driver)
    driver.save_screenshot(f"{SCREENS}/route-regular.png")
    return callout


def fleet_routes_share_the_stops(driver):
    open_page(driver, "?dataset=objects&zoom=14&center=24.9443,60.1715")
    click(driver, '[data-action="route"]')
    driver.find_element(By.ID, "stops-file").send_keys(STOPS)
    driver.find_element(By.ID, "vehicles-file").send_keys(STOPS.replace("stops.geojson", "vehicles.json"))
    click(driver, '[data-action="plan-route"]')
    wait_for("the routes", lambda: len(driver.find_elements(By.CSS_SELECTOR, '[data-panel="route"] .routes button')) > 1)
    buttons = driver.find_elements(By.CSS_SELECTOR, '[data-panel="route"] .routes button')
    # Every stop site of the file is served once, by one of the routes.
    with open(STOPS) as file:
        sites = json.load(file)["features"]
    totals = [(int(b.text.split(" · ")[1].split()[0]), int(b.text.split(" · ")[2].split()[0])) for b in buttons]
    assert sum(stops for stops, _ in totals) == len(sites), totals
    assert sum(items for _, items in totals) == sum(f["properties"]["items"] for f in sites), totals
    # Selecting a route highlights it and mutes the others; the call-out gives its totals.
    buttons[1].click()
    route = buttons[1].get_attribute("data-route")
    lines = driver.find_elements(By.CSS_SELECTOR, '[data-kind="line"][data-id^="route:"]')
    selected = [line.get_attribute("data-id") for line in lines if line.get_attribute("data-selected") == "true"]
    assert selected == [f"route:{route}"], selected
    assert text(driver, '[data-panel="route"] .callout') == buttons[1].text
    return f"{len(buttons)} routes serve {len(sites)} stops; {route} highlighted"


def main():
    driver = browser()
    failed = 0
    checks = [
        ("markers equal /clusters", markers_equal_the_answer),
        ("a tapped cluster lists its objects", cluster_tap_lists_its_objects),
        ("zoom extents, regular layout", lambda d: zoom_extents_clears_the_panels(d, REGULAR, "regular")),
        ("zoom extents, compact layout", lambda d: zoom_extents_clears_the_panels(d, COMPACT, "compact")),
        ("near me lists /near", near_me_lists_what_near_lists),
        ("a self-intersecting polygon is refused", refused_drawing_keeps_the_drawing),
        ("a valid polygon is saved", valid_drawing_is_saved),
        ("directions follow the roads", directions_follow_the_roads),
        ("the route call-out equals /route", route_callout_equals_route),
        ("several routes share the stops", fleet_routes_share_the_stops),
    ]
    try:
        layout(driver, REGULAR)
        for name, check in checks:
            try:
                print(f"PASS {name}: {check(driver)}", flush=True)
            except Exception:
                failed += 1
                print(f"FAIL {name}:\n{traceback.format_exc()}", flush=True)
                driver.save_screenshot(f"{SCREENS}/failed-{name.replace(' ', '-').replace('/', '')}.png")
            leftover = errors(driver)
            if leftover:
                failed += 1
                print(f"FAIL console errors after {name}: {leftover}", flush=True)
    finally:
        driver.quit()
    sys.exit(1 if failed else 0)


main()
