"""Colours and paints of the generated models: own colours for what every army shares (skin,
leather, steel, wood), data paints for what the renderer colours per nation and regiment."""
from .shapes import own, paint

SKIN = own((0.87, 0.68, 0.54))
BLACK = own((0.07, 0.07, 0.08))
HIDE = own((0.42, 0.28, 0.17))           # calfskin pack
GREATCOAT = own((0.58, 0.56, 0.52))      # rolled greatcoat
BELT = own((0.93, 0.92, 0.86))           # pipeclayed crossbelts
LEATHER = own((0.33, 0.20, 0.11))
WOOD = own((0.50, 0.33, 0.17))
STEEL = own((0.74, 0.76, 0.80))
BRASS = own((0.86, 0.68, 0.26))
GOLD = own((0.93, 0.76, 0.25))
BRONZE = own((0.66, 0.50, 0.22))
FUR = own((0.24, 0.16, 0.10))
HORSEHAIR = own((0.09, 0.07, 0.06))
HOOF = own((0.16, 0.13, 0.11))
OLIVE = own((0.36, 0.38, 0.22))          # gun carriage and limber
IRON = own((0.20, 0.20, 0.22))

COAT, FACING, TROUSERS, HEADGEAR, HORSE_COAT, FLAG_FIELD = (paint(k) for k in range(1, 7))
