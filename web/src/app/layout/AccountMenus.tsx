import { Link } from '../../components/Link';
import { FaUser } from 'react-icons/fa';
import type { UserInfo } from '../../features/auth';
import { truncateName } from '../../features/auth/accountRules';
import { useLogout } from '../../features/auth/useLogout';
import NavMenu from './NavMenu';
import './AccountMenus.scss';

interface AccountMenusProps {
  user: UserInfo;
  /** Called after an item was chosen (to close the phone menu). */
  onSelect: () => void;
}

/** The header's menus of a signed-in user: Admin, Manufacturer (by role), and the user's own with Logout. */
export default function AccountMenus({ user, onSelect }: AccountMenusProps) {
  const logout = useLogout();
  return (
    <>
      {user.role === 'admin' && (
        <NavMenu title="Admin" id="admin-menu" onSelect={onSelect}>
          <Link to="/admin" className="dropdown-item">
            Dashboard
          </Link>
          <Link to="/admin/productlist" className="dropdown-item">
            Products
          </Link>
          <Link to="/admin/userlist" className="dropdown-item">
            Users
          </Link>
          <Link to="/admin/orderlist" className="dropdown-item">
            Orders
          </Link>
          <Link to="/admin/settings" className="dropdown-item">
            Store Settings
          </Link>
          <Link to="/admin/productimport" className="dropdown-item">
            Import products
          </Link>
          <Link to="/admin/audit" className="dropdown-item">
            Audit log
          </Link>
          <Link to="/admin/reports" className="dropdown-item">
            Reports
          </Link>
        </NavMenu>
      )}
      {(user.role === 'manufacturer' || user.role === 'admin') && (
        <NavMenu title="Manufacturer" id="manufacturer-menu" onSelect={onSelect}>
          <Link to="/manufacturer/preorderlist" className="dropdown-item">
            Orders
          </Link>
        </NavMenu>
      )}
      <NavMenu
        title={
          <>
            <FaUser aria-hidden="true" />
            {truncateName(user.name)}
          </>
        }
        id="user-menu"
        align="end"
        onSelect={onSelect}
      >
        <Link to="/profile" className="dropdown-item">
          Profile
        </Link>
        <button type="button" className="dropdown-item" onClick={() => void logout()}>
          Logout
        </button>
      </NavMenu>
    </>
  );
}
