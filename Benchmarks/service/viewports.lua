-- wrk: each request a random map view at a random zoom 3-16 over the populated world (the
-- same sequence for every server: seeded per thread). The screen is VIEW_WIDTH x VIEW_HEIGHT
-- pixels (default 1024x768).
local viewWidth = tonumber(os.getenv("VIEW_WIDTH") or "1024")
local viewHeight = tonumber(os.getenv("VIEW_HEIGHT") or "768")
dofile("Benchmarks/service/seeded.lua")

function init(args)
    seeded(7919)
end

local function mercatorY(latitude)
    local radians = math.rad(latitude)
    return math.log(math.tan(math.pi / 4 + radians / 2))
end

local function latitudeOf(y)
    return math.deg(2 * math.atan(math.exp(y)) - math.pi / 2)
end

request = function()
    local zoom = math.random(3, 16)
    local longitude = math.random() * 360 - 180
    local latitude = math.random() * 130 - 60
    local worldPixels = 256 * 2 ^ zoom
    local halfWidth = viewWidth / 2 / worldPixels * 360
    local halfHeight = viewHeight / 2 / worldPixels * 2 * math.pi
    local y = mercatorY(latitude)
    local west = math.max(-180, longitude - halfWidth)
    local east = math.min(180, longitude + halfWidth)
    local south = math.max(-85, latitudeOf(y - halfHeight))
    local north = math.min(85, latitudeOf(y + halfHeight))
    local path = string.format("/datasets/places/clusters?zoom=%d&bbox=%.5f,%.5f,%.5f,%.5f", zoom, west, south, east, north)
    return wrk.format("GET", path)
end
