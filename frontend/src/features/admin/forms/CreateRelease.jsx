import { useNavigate } from "react-router";
import { errorPopup, successPopup } from "../../../lib/popup";
import { useCreateReleaseMutation } from "../api";
import { AdminForm, SelectedShoeForm } from "./AdminForm";
import { CREATE, CREATE_RELEASE_FAILED, CREATE_RELEASE_TITLE, RELEASE_CREATED } from "./messages";
import ReleaseFields from "./ReleaseFields";
import { EMPTY_RELEASE, releaseBody, releaseErrors, sizesRefusal } from "./releaseForm";
import { useAdminForm } from "./useAdminForm";

function CreateReleaseForm({ shoe }) {
  const navigate = useNavigate();
  const [createRelease] = useCreateReleaseMutation();
  const form = useAdminForm({
    initial: EMPTY_RELEASE,
    validate: releaseErrors,
    send: async (values) => sizesRefusal(await createRelease(releaseBody(values, shoe._id))),
    onSent: (release) => {
      successPopup(RELEASE_CREATED);
      navigate(`/releasewatch/${release.id}`);
    },
    onFailed: ({ text }) => errorPopup(CREATE_RELEASE_FAILED, { text }),
  });
  return (
    <AdminForm
      title={CREATE_RELEASE_TITLE}
      intro={
        <p className="admin-subject">
          Of <strong>{shoe.name}</strong> by {shoe.brand}: its sizes, so many pairs each.
        </p>
      }
      form={form}
      submitLabel={CREATE}
    >
      <ReleaseFields form={form} />
    </AdminForm>
  );
}

// /createrelease (docs/PRODUCT.md §10): a release of the shoe selected in the dashboard; once created, its watch.
export default function CreateRelease() {
  return <SelectedShoeForm title={CREATE_RELEASE_TITLE} form={CreateReleaseForm} />;
}
