import { useSelector } from "react-redux";
import { selectUser } from "../account/accountSlice";
import AdminTable, { Switch } from "./AdminTable";
import { DISABLE, ENABLE, MANAGER, NO_USERS, USERS, YOU } from "./messages";
import { useRowAction, useTableLoad } from "./useAdminTable";
import {
  fetchUsersPage,
  selectUsers,
  setUserManager,
  setUserStatus,
  USERS_PAGE_SIZE,
  usersPageChanged,
} from "./usersSlice";

const HEADERS = ["Email", "Since", "Status", MANAGER];

// Users, 4 a page: each account's status (Enable / Disable) and manager flag. The admin's own row
// cannot be changed (the server refuses it too: it would lock them out).
export default function UsersTable() {
  const me = useSelector(selectUser);
  const table = useSelector(selectUsers);
  const load = useTableLoad(table, usersPageChanged, fetchUsersPage, table.offset);
  const act = useRowAction();

  const renderRow = (user) => {
    const own = user._id === me?._id;
    const locked = own || table.busy.includes(String(user._id));
    const enabled = user.status === "Enabled";
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
            onClick={() => act(setUserStatus, { id: user._id, status: enabled ? "Disabled" : "Enabled" })}
          >
            {enabled ? DISABLE : ENABLE}
          </button>
        </td>
        <td>
          <Switch
            label={MANAGER}
            checked={user.manager}
            disabled={locked}
            onChange={() => act(setUserManager, { id: user._id, manager: !user.manager })}
          />
        </td>
      </tr>
    );
  };

  return (
    <AdminTable
      {...load}
      title={USERS}
      headers={HEADERS}
      rows={table.users}
      renderRow={renderRow}
      step={USERS_PAGE_SIZE}
      empty={NO_USERS}
    />
  );
}
