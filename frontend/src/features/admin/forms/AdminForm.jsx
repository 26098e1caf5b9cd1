import { useSelector } from "react-redux";
import { Link } from "react-router";
import { useDocumentTitle } from "../../../lib/useDocumentTitle";
import { selectSelectedShoe } from "../selectionSlice";
import { BACK_TO_ADMIN, NO_SHOE_SELECTED } from "./messages";
import "./adminForms.css";

export function BackToAdmin() {
  return (
    <Link to="/admin" className="button button-quiet">
      {BACK_TO_ADMIN}
    </Link>
  );
}

// An admin screen: its title, what it is about, its content and the way back to the dashboard.
export function AdminScreen({ title, documentTitle = title, intro, actions = <BackToAdmin />, children }) {
  useDocumentTitle(documentTitle);
  return (
    <section className="admin-screen">
      <h1 className="page-title">{title}</h1>
      {intro}
      {children}
      {actions && <div className="admin-screen-actions">{actions}</div>}
    </section>
  );
}

// An admin form (state from useAdminForm): its fields, then its button and Back to Admin.
export function AdminForm({ title, documentTitle, intro, form, submitLabel, children }) {
  return (
    <AdminScreen title={title} documentTitle={documentTitle} intro={intro} actions={null}>
      <form className="admin-form" aria-label={documentTitle ?? title} noValidate onSubmit={form.submit}>
        <div className="admin-form-fields">{children}</div>
        <div className="admin-screen-actions">
          <button type="submit" className="button button-buy" disabled={form.sending}>
            {submitLabel}
          </button>
          <BackToAdmin />
        </div>
      </form>
    </AdminScreen>
  );
}

// A screen that works on what the dashboard selected, opened with nothing selected.
export function NothingSelected({ title, message }) {
  return (
    <AdminScreen title={title}>
      <p className="empty">{message}</p>
    </AdminScreen>
  );
}

// The form of the shoe selected in the dashboard, drawn afresh for each shoe; with none, it says so.
export function SelectedShoeForm({ title, form: Form }) {
  const shoe = useSelector(selectSelectedShoe);
  if (!shoe) return <NothingSelected title={title} message={NO_SHOE_SELECTED} />;
  return <Form key={shoe._id} shoe={shoe} />;
}
