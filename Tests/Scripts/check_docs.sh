#!/bin/sh
# Builds the DocC catalog of every library module with swift-docc-plugin and fails when
# docc reports a symbol link it cannot resolve (a missing or ambiguous ``Symbol``).
# Run from the package folder: sh Tests/Scripts/check_docs.sh (MODULES="A B" for some only)
set -u
status=0
for module in ${MODULES:-MapGeometry MapGeoJSON MapViewport MapQuery MapClustering MapRouting MapEditing MapPostgres MapService}; do
    log=$(mktemp)
    if ! swift package generate-documentation --target "$module" >"$log" 2>&1; then
        cat "$log"; echo "check_docs: $module: the documentation did not build"; status=1
    fi
    if grep -E "warning: .*(doesn't exist|is ambiguous|Can't resolve|No symbol)" "$log"; then
        echo "check_docs: $module: unresolved symbol links (above)"; status=1
    else
        echo "check_docs: $module: no unresolved symbol links"
    fi
    rm -f "$log"
done
exit $status
