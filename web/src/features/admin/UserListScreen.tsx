import { useParams } from 'react-router';
import { Link, type AppPath } from '../../components/Link';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { FaCheck, FaEdit, FaTimes, FaTrash } from 'react-icons/fa';
import { toast } from 'react-toastify';
import { useSelector } from 'react-redux';
import Loader from '../../components/Loader';
import Message from '../../components/Message';
import Paginate from '../../components/Paginate';
import { errorMessage } from '../../lib/errors';
import { selectUserInfo } from '../auth';
import { parsePageNumber } from '../catalog';
import PageTitle from '../../components/PageTitle';
import ListSearch, { useListKeyword } from './ListSearch';
import { useDeleteUserMutation, useGetUsersQuery, type AdminUser } from './usersAdminApi';
import '../../components/accounts.css';

export const DELETE_CONFIRM = 'Are you sure to delete the user?';
export const DELETED = 'Successfully deleted the user from database.';

export const userListHref = (n: number): AppPath => (n > 1 ? `/admin/userlist/${n}` : '/admin/userlist');

/** /admin/userlist and /admin/userlist/:pageNumber (?keyword= to search): the accounts, for admins to edit and delete (SPEC.md §2 admin lists, §6). */
export default function UserListScreen() {
  const me = useSelector(selectUserInfo);
  const pageNumber = parsePageNumber(useParams().pageNumber);
  const keyword = useListKeyword();
  const { currentData: data, isFetching, error } = useGetUsersQuery({ pageNumber, keyword });
  const [deleteUser, { isLoading: deleting, originalArgs: deletingId }] = useDeleteUserMutation();

  const remove = async (user: AdminUser) => {
    if (!window.confirm(DELETE_CONFIRM)) return;
    try {
      const res = await deleteUser(user._id).unwrap();
      toast.success(res.message || DELETED);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <>
      <PageTitle title="Users" />
      <h1 className="page-heading">Users</h1>
      <ListSearch key={keyword} basePath={userListHref(1)} label="Search users by name, e-mail or mobile" />
      {error && !isFetching ? (
        <Message variant="danger">{errorMessage(error)}</Message>
      ) : !data ? (
        <Loader />
      ) : data.users.length === 0 ? (
        <Message>{keyword ? `No users match "${keyword}".` : pageNumber > 1 ? `There are no users on page ${pageNumber}.` : 'No users yet.'}</Message>
      ) : (
        <>
          <Table striped hover size="sm" className="user-table bg-white shadow-sm">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Mobile</th>
                <th scope="col">Role</th>
                <th scope="col" className="text-center">
                  Verified
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.users.map((u) => (
                <tr key={u._id} data-testid="user-row">
                  <td data-label="Name" className="text-break">{u.name}</td>
                  <td data-label="Email" className="text-break">
                    <a href={`mailto:${u.email}`}>{u.email}</a>
                  </td>
                  <td data-label="Mobile" className="text-nowrap">{u.mobileNo}</td>
                  <td data-label="Role" className="text-capitalize">{u.role}</td>
                  <td data-label="Verified" className="text-md-center">
                    {u.emailVerified ? (
                      <FaCheck className="text-success" role="img" aria-label="Verified" />
                    ) : (
                      <FaTimes className="text-danger" role="img" aria-label="Not verified" />
                    )}
                  </td>
                  <td className="text-nowrap text-end user-table__actions">
                    <Link
                      to={`/admin/user/${encodeURIComponent(u._id)}/edit`}
                      className="btn btn-light btn-sm me-2"
                      aria-label={`Edit ${u.name}`}
                      title="Edit"
                    >
                      <FaEdit aria-hidden="true" />
                    </Link>
                    <Button
                      variant="danger"
                      size="sm"
                      aria-label={`Delete ${u.name}`}
                      title={u._id === me?._id ? 'You cannot delete your own account' : 'Delete'}
                      disabled={u._id === me?._id || (deleting && deletingId === u._id)}
                      onClick={() => void remove(u)}
                    >
                      <FaTrash aria-hidden="true" />
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Paginate pages={data.pages} page={data.page} hrefFor={userListHref} />
        </>
      )}
    </>
  );
}
