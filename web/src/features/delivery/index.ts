/** Where the shop delivers and takes cash on delivery, by pin code. */
export { default as CheckDelivery } from './CheckDelivery';
export { useGetDeliveryQuery, type Delivery } from './deliveryApi';
