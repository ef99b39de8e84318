// Placeholder replaced once the GEOS/PROJ bridges land.
print("GeometryCompare")
