import { useSelector } from "react-redux";
import { selectUser } from "../../lib/session";
import AdminTable, { Switch } from "./AdminTable";
import { PAGE_SIZE, useChangeUserMutation, useUsersPageQuery } from "./api";
import { DISABLE, ENABLE, MANAGER, NO_USERS, USERS, YOU } from "./messages";
import { useAdminPage, useRowActions } from "./useAdminTable";

const HEADERS = ["Email", "Since", "Status", MANAGER];

// Users, 4 a page (docs/PRODUCT.md §2, §4 'User status'): each account's status (Enable / Disable) and
// manager flag. The admin's own row cannot be changed (the server refuses it too: it would lock them out).
export default function UsersTable() {
  const me = useSelector(selectUser);
  const page = useAdminPage("adminUsers", useUsersPageQuery, { limit: PAGE_SIZE.users });
  const [changeUser] = useChangeUserMutation();
  const { isBusy, act } = useRowActions();

  const renderRow = (user) => {
    const own = user._id === me?._id;
    const locked = own || isBusy(user._id);
    const enabled = user.status === "Enabled";
    const change = (patch) => act(user._id, () => changeUser({ id: user._id, ...patch }));
    return (
      <tr key={user._id}>
        <td>
          {user.email}
          {own && <span className="admin-note"> {YOU}</span>}
        </td>
        <td>{user.createdAt.slice(0, 10)}</td>
        <td>
          <span className="admin-status">{user.status}</span>{" "}
          <button
            type="button"
            className="button button-small"
            disabled={locked}
            onClick={() => change({ status: enabled ? "Disabled" : "Enabled" })}
          >
            {enabled ? DISABLE : ENABLE}
          </button>
        </td>
        <td>
          <Switch
            label={MANAGER}
            checked={user.manager}
            disabled={locked}
            onChange={() => change({ manager: !user.manager })}
          />
        </td>
      </tr>
    );
  };

  return (
    <AdminTable
      {...page}
      title={USERS}
      headers={HEADERS}
      renderRow={renderRow}
      step={PAGE_SIZE.users}
      empty={NO_USERS}
    />
  );
}
