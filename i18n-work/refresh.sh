#!/bin/sh
# Extract every marked text and fill the shipped catalogs from the parts in this folder (one at a
# time: several people may run it at once). Run from the repository's root.
exec flock /tmp/freight-freedom-i18n.lock sh -c '.venv/bin/freight-freedom translations extract && .venv/bin/freight-freedom translations update i18n-work/*.po'
