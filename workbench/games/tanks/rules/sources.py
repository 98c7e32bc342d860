"""Where a TANKS rule or value comes from when it is not a rulebook section: the community
card data (Heavy Tank, Big Gun), a labelled stand-in, or the workbench's own reading."""

HEAVY_TANK = "Heavy Tank (community data: BSData/tanks)"
BIG_GUN = "Big Gun (community data: BSData/tanks)"
STAND_IN = "stand-in"
WORKBENCH = "workbench reading (not printed)"
