// sweetalert2 without the styles its default build injects inline: the same code, and its stylesheet as a
// file of the popup chunk, which the Content-Security-Policy allows.
import Swal from "sweetalert2/dist/sweetalert2.esm.js";
import "sweetalert2/dist/sweetalert2.css";

export default Swal;
