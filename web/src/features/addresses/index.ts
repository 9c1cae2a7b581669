/**
 * The address book's public API: what the shipping step offers from it (the picker, the book, saving a
 * new address). Its own screen is /addresses (AddressBookScreen, loaded by the app's routes).
 */
export { default as AddressPicker } from './AddressPicker';
export { blankAddress, formOf, sameAddress } from './addressBook';
export { useAddAddressMutation, useGetAddressesQuery, type SavedAddress } from './addressesApi';
