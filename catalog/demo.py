"""The demo catalogue: deterministic brands and shoes, each picture drawn here (no network)."""

import colorsys
import io
from dataclasses import dataclass
from decimal import Decimal

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from PIL import Image, ImageDraw, ImageFont

from . import services
from .models import Brand, Shoe, StockEntry

BRANDS = ["Nike", "Adidas", "Puma", "Reebok", "New Balance", "Asics", "Vans", "Converse", "Jordan", "Saucony"]
SIZES = [Decimal(6) + Decimal("0.5") * step for step in range(12)]  # 6 to 11.5
COLORS = [
    "Black", "White", "Red", "Blue", "Green", "Grey", "Orange", "Yellow", "Purple", "Pink", "Brown", "Navy",
]  # fmt: skip
# Names are made from these words read as the digits of the shoe's number, so every number up to
# 24 * 24 * 24 * 24 has its own name, made of letters and spaces as the admin forms require.
FIRST = [
    "Air", "Ultra", "Swift", "Cloud", "Street", "Court", "Trail", "Sky", "Urban", "Retro", "Storm", "Nova",
    "Blaze", "Zen", "Aero", "Flash", "Metro", "Solar", "Terra", "Volt", "Echo", "Drift", "Apex", "Lunar",
]  # fmt: skip
SECOND = [
    "Runner", "Glide", "Boost", "Force", "Racer", "Dash", "Rider", "Walker", "Flex", "Pulse", "Wave", "Jump",
    "Sprint", "Stride", "Flow", "Kick", "Step", "Bound", "Rush", "Drive", "Skate", "Hoop", "Trek", "Lift",
]  # fmt: skip
THIRD = [
    "Pro", "Max", "Lite", "Prime", "Elite", "Classic", "Low", "High", "Mid", "Plus", "Neo", "One",
    "Zero", "Core", "Edge", "Pure", "Bold", "Vivid", "Rapid", "Calm", "Wild", "Royal", "Sonic", "Vapor",
]  # fmt: skip
FOURTH = [
    "Alpha", "Beta", "Gamma", "Delta", "Sigma", "Omega", "Atlas", "Orion", "Titan", "Vega", "Luna", "Sol",
    "Nord", "Sud", "Est", "West", "Polar", "Coral", "Amber", "Jade", "Onyx", "Ruby", "Opal", "Pearl",
]  # fmt: skip
STYLES = ["running", "basketball", "skate", "lifestyle", "trail", "tennis"]
FEELS = ["Light", "Bold", "Soft", "Fast", "Classic", "Comfy"]
# Shoes beyond this many share the pictures of the first ones; a picture is never deleted while
# a shoe still shows it.
DISTINCT_PICTURES = 60


@dataclass(frozen=True)
class DemoShoe:
    number: int
    brand: str
    name: str
    color: str
    description: str
    price: Decimal
    on_sale: bool
    stock: dict[Decimal, int]

    @property
    def picture_number(self) -> int:
        return self.number % DISTINCT_PICTURES


def demo_shoe(number: int) -> DemoShoe:
    words = [FIRST[number % 24], SECOND[number // 24 % 24]]
    if number >= 24**2:
        words.append(THIRD[number // 24**2 % 24])
    if number >= 24**3:
        words.append(FOURTH[number // 24**3 % 24])
    color = COLORS[number * 7 % len(COLORS)]
    style = STYLES[number % len(STYLES)]
    return DemoShoe(
        number=number,
        brand=BRANDS[number % len(BRANDS)],
        name=" ".join(words),
        color=color,
        description=f"{FEELS[number // 3 % len(FEELS)]} {style} shoe in {color.lower()}",
        price=Decimal(49 + number * 37 % 160) + Decimal("0.99"),
        on_sale=number % 5 == 0,
        # Some sizes are sold out, as in a real shop.
        stock={size: (number * 31 + index * 17) % 15 for index, size in enumerate(SIZES)},
    )


def _color(hue: float, saturation: float, value: float) -> tuple[int, int, int]:
    return tuple(round(channel * 255) for channel in colorsys.hsv_to_rgb(hue % 1.0, saturation, value))


def demo_picture(number: int, brand: str) -> bytes:
    """A side view of a sneaker, its colours and shape made from the number; WebP bytes."""
    width, height = 800, 600
    image = Image.linear_gradient("L").resize((width, height)).point(lambda v: 238 - v // 8).convert("RGB")
    draw = ImageDraw.Draw(image)
    hue = number * 0.618034  # golden ratio steps keep neighbouring shoes far apart in colour
    main, accent = _color(hue, 0.75, 0.85), _color(hue + 0.5, 0.8, 0.95)
    toe = 330 + number % 5 * 8
    collar = 200 + number % 7 * 6
    # Sole.
    draw.rounded_rectangle((110, 430, 700, 480), radius=22, fill=(250, 250, 250), outline=(60, 60, 60), width=4)
    draw.line((130, 462, 680, 462), fill=(180, 180, 180), width=3)
    # Upper: heel, collar, laces, toe.
    upper = [(120, 430), (125, collar + 60), (175, collar), (300, collar + 20), (420, 300), (560, toe), (660, 370),
             (695, 410), (695, 430)]  # fmt: skip
    draw.polygon(upper, fill=main, outline=(40, 40, 40), width=4)
    draw.polygon([(560, toe), (660, 370), (695, 410), (695, 430), (590, 430)], fill=accent)
    draw.polygon([(120, 430), (125, collar + 60), (175, collar), (190, 430)], fill=accent)
    for lace in range(4):
        x = 320 + lace * 42
        draw.line((x, collar + 40 + lace * 14, x + 34, collar + 70 + lace * 14), fill=(255, 255, 255), width=8)
    # The brand's mark, one of three kinds.
    mark = BRANDS.index(brand) % 3 if brand in BRANDS else number % 3
    if mark == 0:
        draw.arc((220, 280, 620, 470), start=160, end=330, fill=(255, 255, 255), width=18)
    elif mark == 1:
        for stripe in range(3):
            x = 300 + stripe * 50
            draw.line((x, 420, x + 60, 300), fill=(255, 255, 255), width=16)
    else:
        draw.ellipse((360, 330, 440, 410), outline=(255, 255, 255), width=12)
    font = ImageFont.load_default(size=40)
    draw.text((width // 2, 540), brand.upper(), fill=(30, 30, 30), font=font, anchor="mm")
    out = io.BytesIO()
    image.save(out, format="WEBP", quality=80)
    return out.getvalue()


def _picture_name(number: int, brand: str) -> str:
    """Store the picture once under a fixed name, so seeding again finds it instead of drawing it."""
    name = f"shoes/demo-{number:03d}.webp"
    if not default_storage.exists(name):
        name = default_storage.save(name, ContentFile(demo_picture(number, brand)))
    return name


def demo_catalogue_seed(*, count: int, batch_size: int = 2000) -> int:
    """Create the first `count` demo shoes that are missing, with their stock; return how many were made.

    A shoe is known by brand and name, so running it again creates nothing twice.
    """
    brands = {brand.name: brand for brand in Brand.objects.filter(name__in=BRANDS)}
    for name in BRANDS:
        if name not in brands:
            brands[name] = Brand.objects.get_or_create(name__iexact=name, defaults={"name": name})[0]
    existing = set(Shoe.objects.filter(brand__name__in=BRANDS).values_list("brand__name", "name"))
    missing = [spec for spec in map(demo_shoe, range(count)) if (spec.brand, spec.name) not in existing]
    pictures = {}
    for spec in missing:
        if spec.picture_number not in pictures:
            pictures[spec.picture_number] = _picture_name(spec.picture_number, spec.brand)
    for start in range(0, len(missing), batch_size):
        batch = missing[start : start + batch_size]
        shoes = [
            Shoe(
                brand=brands[spec.brand],
                name=spec.name,
                color=spec.color,
                description=spec.description,
                price=spec.price,
                on_sale=spec.on_sale,
                image=pictures[spec.picture_number],
            )
            for spec in batch
        ]
        stock = [
            StockEntry(shoe=shoe, size=size, quantity=quantity)
            for shoe, spec in zip(shoes, batch, strict=True)
            for size, quantity in spec.stock.items()
        ]
        # One transaction per batch: the shoes and their stock together.
        services.catalogue_rows_write(shoes=shoes, stock=stock)
    return len(missing)
