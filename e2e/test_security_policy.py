"""The Content-Security-Policy in Chromium: what it blocks is reported; the pages outside the React app run under it."""

from playwright.sync_api import expect

from e2e.conftest import csp_watched


def test_an_injected_inline_script_is_blocked_and_reported(browser, live_server):
    # The watcher every journey runs under (conftest.new_page), shown to catch what the policy blocks.
    violations = []
    context = browser.new_context(base_url=live_server.url)
    try:
        page = csp_watched(context, violations)
        page.goto("/")
        expect(page.locator("#root")).not_to_be_empty()

        with page.expect_console_message(lambda message: "Content Security Policy" in message.text):
            page.evaluate(
                """() => {
                    const script = document.createElement("script");
                    script.textContent = "window.injected = true";
                    document.body.append(script);
                }"""
            )

        assert page.evaluate("() => window.injected") is None
        assert any("script-src" in violation for violation in violations), violations
    finally:
        context.close()


def test_the_api_docs_run_under_the_policy(page):
    page.goto("/api/docs/")

    # Swagger UI drew the schema's calls, so its start-up script ran and fetched the schema.
    expect(page.get_by_text("/api/shoes/onSale").first).to_be_visible()


def test_the_django_admin_runs_under_the_policy(page, django_user_model):
    django_user_model.objects.create_superuser(email="staff@sneakers.test", password="s3cret-staff")
    page.goto("/django-admin/")
    page.get_by_label("Email").fill("staff@sneakers.test")
    page.get_by_label("Password").fill("s3cret-staff")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="Site administration")).to_be_visible()

    page.get_by_role("link", name="Shoes").first.click()
    page.get_by_role("link", name="Add shoe").click()
    expect(page.get_by_role("heading", name="Add shoe")).to_be_visible()
