"""POST /api/mail/contactUs: the contact form (docs/PRODUCT.md §5, §7)."""

import pytest

from mailing.models import ContactMessage, Mail

pytestmark = pytest.mark.django_db

URL = "/api/mail/contactUs"
MESSAGE = "My order arrived with two left shoes, can you help?"
NAME_MESSAGE = "Enter your name"
EMAIL_MESSAGE = "Enter a valid email"
LENGTH_MESSAGE = "The message must be 20 to 500 characters"


def form(**changes) -> dict:
    return {"name": "Jane O'Runner", "email": "Jane@Example.com", "message": MESSAGE, **changes}


def test_a_message_is_stored_and_mailed_to_the_shop(
    api_client, shop_mail, mailoutbox, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = api_client.post(URL, form())

    assert response.status_code == 201
    assert response.json() == {"message": "Thanks, we got your message"}
    stored = ContactMessage.objects.get()
    assert (stored.name, stored.email, stored.message) == ("Jane O'Runner", "Jane@Example.com", MESSAGE)
    outbox = Mail.objects.get()
    assert (outbox.kind, outbox.to, outbox.reply_to, outbox.state) == (
        "contact_message",
        "inbox@kicks.test",
        "Jane@Example.com",
        "sent",
    )
    assert outbox.context == {"contact_message": stored.pk}
    [mail] = mailoutbox
    assert mail.to == ["inbox@kicks.test"]
    assert mail.reply_to == ["Jane@Example.com"]
    assert mail.from_email == "Kicks Test Shop <shop@kicks.test>"
    assert mail.subject == "[Kicks Test Shop] Contact form: message from Jane O'Runner"
    # Plain text: nothing HTML-escaped.
    assert "Jane O'Runner <Jane@Example.com> wrote through the contact form" in mail.body
    assert MESSAGE in mail.body
    [(html, _)] = mail.alternatives
    assert "<strong>Jane O&#x27;Runner</strong> &lt;Jane@Example.com&gt; wrote through the contact form" in html


def test_what_a_visitor_typed_is_escaped_in_the_html_part(
    api_client, shop_mail, mailoutbox, django_capture_on_commit_callbacks
):
    script = "<script>alert('hi')</script> is what I typed, sorry"
    with django_capture_on_commit_callbacks(execute=True):
        api_client.post(URL, form(name="<b>Jane</b>", message=script))

    [(html, _)] = mailoutbox[0].alternatives
    assert "<script>" not in html and "<b>Jane</b>" not in html
    assert "&lt;script&gt;alert(&#x27;hi&#x27;)&lt;/script&gt; is what I typed" in html
    assert script in mailoutbox[0].body


def test_the_inbox_defaults_to_the_shops_from_address(settings):
    # Read in a fresh process, as the environment leaves it.
    from shopsite.tests.test_settings import setting_in_fresh_process

    assert setting_in_fresh_process("SHOP_CONTACT_EMAIL", settings.VAR_DIR, DEFAULT_FROM_EMAIL="a@b.test") == "a@b.test"
    assert (
        setting_in_fresh_process("SHOP_CONTACT_EMAIL", settings.VAR_DIR, SHOP_CONTACT_EMAIL="help@b.test")
        == "help@b.test"
    )


def test_blanks_around_the_fields_are_trimmed(api_client):
    response = api_client.post(URL, form(name="  Jane  ", email=" jane@example.com ", message=f"\n  {MESSAGE}  \n"))
    assert response.status_code == 201
    assert ContactMessage.objects.values_list("name", "email", "message").get() == ("Jane", "jane@example.com", MESSAGE)


def test_a_line_break_in_the_name_adds_no_mail_header(
    api_client, shop_mail, mailoutbox, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = api_client.post(URL, form(name="Jane\r\nBcc: victim@example.com"))

    assert response.status_code == 201
    [mail] = mailoutbox
    assert mail.subject == "[Kicks Test Shop] Contact form: message from Jane Bcc: victim@example.com"
    assert mail.message()["Bcc"] is None


@pytest.mark.parametrize("length", [20, 500])
def test_messages_of_20_and_500_characters_are_taken(api_client, length):
    assert api_client.post(URL, form(message="x" * length)).status_code == 201


def test_a_name_of_80_characters_is_taken(api_client):
    assert api_client.post(URL, form(name="J" * 80)).status_code == 201


BAD_FORMS = {
    "name missing": ({"name": ...}, "name", NAME_MESSAGE),
    "name empty": ({"name": ""}, "name", NAME_MESSAGE),
    "name blank": ({"name": "    "}, "name", NAME_MESSAGE),
    "name null": ({"name": None}, "name", NAME_MESSAGE),
    "name of 81 characters": ({"name": "J" * 81}, "name", NAME_MESSAGE),
    "name a list": ({"name": ["Jane"]}, "name", NAME_MESSAGE),
    "email missing": ({"email": ...}, "email", EMAIL_MESSAGE),
    "email empty": ({"email": ""}, "email", EMAIL_MESSAGE),
    "email null": ({"email": None}, "email", EMAIL_MESSAGE),
    "email without @": ({"email": "jane.example.com"}, "email", EMAIL_MESSAGE),
    "email without domain": ({"email": "jane@"}, "email", EMAIL_MESSAGE),
    "email of 255 characters": ({"email": "j" * 243 + "@example.com"}, "email", EMAIL_MESSAGE),
    "message missing": ({"message": ...}, "message", LENGTH_MESSAGE),
    "message empty": ({"message": ""}, "message", LENGTH_MESSAGE),
    "message null": ({"message": None}, "message", LENGTH_MESSAGE),
    "message of 19 characters": ({"message": "x" * 19}, "message", LENGTH_MESSAGE),
    "message of 19 characters padded with blanks": ({"message": "   " + "x" * 19 + "   "}, "message", LENGTH_MESSAGE),
    "message of 501 characters": ({"message": "x" * 501}, "message", LENGTH_MESSAGE),
    "message a list": ({"message": [MESSAGE]}, "message", LENGTH_MESSAGE),
}  # fmt: skip


@pytest.mark.parametrize(("changes", "field", "message"), BAD_FORMS.values(), ids=BAD_FORMS.keys())
def test_bad_input_is_refused(api_client, mailoutbox, django_capture_on_commit_callbacks, changes, field, message):
    body = {key: value for key, value in form(**changes).items() if value is not ...}
    with django_capture_on_commit_callbacks(execute=True):
        response = api_client.post(URL, body, format="json")

    assert response.status_code == 400
    assert response.json() == {field: [message]}
    assert not ContactMessage.objects.exists()
    assert mailoutbox == []


def test_every_bad_field_gets_its_message(api_client):
    response = api_client.post(URL, {}, format="json")
    assert response.status_code == 400
    assert response.json() == {"name": [NAME_MESSAGE], "email": [EMAIL_MESSAGE], "message": [LENGTH_MESSAGE]}
