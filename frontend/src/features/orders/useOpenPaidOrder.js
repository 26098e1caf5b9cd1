import { useCallback } from "react";
import { useDispatch } from "react-redux";
import { useNavigate } from "react-router";
import { ordersApi } from "./api";

// Opens the page of an order just paid, with the order the checkout answered: the page shows it
// without asking the shop again (the cart page hands this to the payment form).
export function useOpenPaidOrder() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  return useCallback(
    (order) => {
      dispatch(ordersApi.util.upsertQueryData("order", order.idPayment, order));
      navigate(`/order/${encodeURIComponent(order.idPayment)}`);
    },
    [dispatch, navigate],
  );
}
