"""Factories for brands, shoes and stock."""

from decimal import Decimal

import factory

from catalog.models import Brand, PriceChange, Shoe, StockEntry


class BrandFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Brand
        django_get_or_create = ("name",)

    name = factory.Iterator(["Nike", "Adidas", "Puma", "Vans", "Asics"])


class ShoeFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Shoe
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"Runner {chr(65 + n % 26)}{chr(65 + n // 26 % 26)}")
    brand = factory.SubFactory(BrandFactory)
    description = "Light running shoe"
    color = "Black"
    price = Decimal("99.99")

    @factory.post_generation
    def price_history(shoe, create, extracted, **kwargs):
        """Its first PriceChange row, as catalog.services writes one for a new shoe; older with price_history=when."""
        if create:
            PriceChange.objects.create(
                shoe=shoe,
                price=shoe.price,
                sale_price=shoe.sale_price,
                on_sale=shoe.on_sale,
                price_now=shoe.price_now,
                at=extracted or shoe.created_at,
            )

    @factory.post_generation
    def sizes(shoe, create, extracted, **kwargs):
        """ShoeFactory(sizes={"9": 3, "9.5": 0}) gives the shoe that stock."""
        for size, quantity in (extracted or {}).items():
            StockEntry.objects.create(shoe=shoe, size=Decimal(size), quantity=quantity)


class StockEntryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = StockEntry

    shoe = factory.SubFactory(ShoeFactory)
    size = Decimal("9")
    quantity = 5
